import { join } from 'node:path';
import { MANIFEST_FILE } from '../contract/constants.js';
import { LIMITS } from '../contract/limits.js';
import { validateManifest } from '../contract/manifest.js';
import type { NormalizedManifest } from '../contract/types.js';
import { readRegularFile } from './card-folder.js';
import { emptyFindings, type Findings } from './findings.js';
import { sanitizeText } from './sanitize.js';

/** The manifest of a card folder after the app's validators, with findings located as `neurosquad-card.json#/path`. */
export interface ManifestCheck extends Findings {
  manifest: NormalizedManifest | null;
  /** The parsed JSON, even when invalid (null when unreadable). */
  raw: unknown;
}

const where = (pointer: string) => `${MANIFEST_FILE}${pointer === '' ? '' : `#${pointer}`}`;

function issueText(issue: unknown): { path: string; message: string } {
  if (typeof issue === 'string') return { path: '', message: issue };
  const record = (issue ?? {}) as { path?: unknown; message?: unknown };
  return { path: typeof record.path === 'string' ? record.path : '', message: String(record.message ?? issue) };
}

/** Reads neurosquad-card.json (size limit, JSON) and runs `validateManifest` on it. */
export function checkManifest(folder: string): ManifestCheck {
  const check: ManifestCheck = { ...emptyFindings(), manifest: null, raw: null };
  const bytes = readRegularFile(join(folder, MANIFEST_FILE));
  if (bytes === null) {
    check.errors.push({ where: MANIFEST_FILE, message: `no ${MANIFEST_FILE} in this folder (run neurosquad-card create to start a card)` });
    return check;
  }
  if (bytes.length > LIMITS.manifestBytes) {
    check.errors.push({ where: MANIFEST_FILE, message: `the manifest is ${bytes.length} bytes; at most ${LIMITS.manifestBytes}` });
    return check;
  }
  try {
    check.raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    check.errors.push({ where: MANIFEST_FILE, message: `not valid JSON: ${sanitizeText(error instanceof Error ? error.message : String(error))}` });
    return check;
  }
  const result = validateManifest(check.raw) as
    | { ok: true; manifest: NormalizedManifest; warnings?: readonly unknown[] }
    | { ok: false; issues: readonly unknown[]; warnings?: readonly unknown[] };
  for (const warning of result.warnings ?? []) {
    const { path, message } = issueText(warning);
    check.warnings.push({ where: where(path), message: sanitizeText(message) });
  }
  if (!result.ok) {
    for (const issue of result.issues) {
      const { path, message } = issueText(issue);
      check.errors.push({ where: where(path), message: sanitizeText(message) });
    }
    return check;
  }
  check.manifest = result.manifest;
  return check;
}

export { where as manifestWhere };
