import { createHash } from 'node:crypto';
import { treeHashInput, type TreeHashFile } from '../contract/paths.js';

/** The tree hash the app records for an installed package: sha256 (hex) of `treeHashInput` over its files' hashes. */
export function treeHash(files: readonly TreeHashFile[]): string {
  return createHash('sha256').update(treeHashInput(files), 'utf8').digest('hex');
}
