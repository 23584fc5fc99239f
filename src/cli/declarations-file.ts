// The generated declaration file on disk: written from a valid manifest, touched when already up to date (so
// its time says it was checked), and found stale when it is older than the manifest and no longer matches it.
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { cardDeclarations, DECLARATIONS_FILE } from '../codegen/card-declarations.js';
import { MANIFEST_FILE } from '../contract/constants.js';
import type { NormalizedManifest } from '../contract/types.js';
import type { Finding } from './findings.js';

/** What writing the declaration file did. */
export interface DeclarationsWrite {
  /** The file, relative to the card folder (`/`-separated) when inside it, else absolute. */
  file: string;
  /** False when the file already held exactly this text (then only its time was updated). */
  changed: boolean;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The path as a finding or a report names it: relative to the card folder when inside it. */
function shownPath(folder: string, path: string): string {
  const inside = relative(folder, path);
  return inside.startsWith('..') || inside === '' ? path : inside.split(sep).join('/');
}

/** Writes the declarations of `manifest` to `path` (default `src/neurosquad-card.d.ts` in `folder`). */
export function writeDeclarations(
  folder: string,
  manifest: NormalizedManifest,
  path = join(folder, DECLARATIONS_FILE),
): DeclarationsWrite {
  const text = cardDeclarations(manifest);
  const file = shownPath(folder, path);
  if (readText(path) === text) {
    const now = new Date();
    utimesSync(path, now, now);
    return { file, changed: false };
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return { file, changed: true };
}

/** True when the card keeps a generated declaration file at the default place (so dev and Vite keep it fresh). */
export function hasDeclarations(folder: string): boolean {
  return readText(join(folder, DECLARATIONS_FILE)) !== null;
}

/**
 * A warning when the default declaration file is older than the manifest and differs from what it declares
 * (a fresh checkout with equal contents is not stale); null when it is current or the card has none.
 */
export function staleDeclarations(folder: string, manifest: NormalizedManifest): Finding | null {
  const path = join(folder, DECLARATIONS_FILE);
  let older: boolean;
  try {
    older = statSync(path).mtimeMs < statSync(join(folder, MANIFEST_FILE)).mtimeMs;
  } catch {
    return null;
  }
  if (!older || readText(path) === cardDeclarations(manifest)) return null;
  return {
    where: DECLARATIONS_FILE,
    message: `older than ${MANIFEST_FILE} and no longer matches it: run neurosquad-card types`,
  };
}
