import { createHash } from 'node:crypto';
import { treeHashInput } from '../contract/paths.js';

/** The tree hash the app records for an installed package: sha256 (hex) of `treeHashInput` over its files. */
export function treeHash(files: readonly { path: string; bytes: Uint8Array }[]): string {
  const input = treeHashInput(
    files.map((file) => ({ path: file.path, sha256: createHash('sha256').update(file.bytes).digest('hex') })),
  );
  return createHash('sha256').update(input, 'utf8').digest('hex');
}
