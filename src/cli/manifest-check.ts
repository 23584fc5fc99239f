import { join } from 'node:path';
import { errorMessage } from '../contract/error-message.js';
import { MANIFEST_FILE } from '../contract/constants.js';
import { LIMITS } from '../contract/limits.js';
import { isCardSdkError } from '../contract/errors.js';
import { parseManifestText, validateManifest } from '../contract/manifest.js';
import type { NormalizedManifest } from '../contract/types.js';
import { readFolderFile } from './card-folder.js';
import { emptyFindings, type Findings } from './findings.js';
import { manifestIssueMessage } from './manifest-words.js';
import { sanitizeText } from './sanitize.js';
import { impersonationWarnings } from './look-alike-names.js';
import { invalidUtf8Offset } from './utf8.js';
import { publicSuffixWildcards } from './wildcard-hosts.js';

/** The manifest of a card folder after the app's validators, with findings located as `neurosquad-card.json#/path`. */
export interface ManifestCheck extends Findings {
  manifest: NormalizedManifest | null;
  /** The parsed JSON object, even when invalid (null when missing or unreadable). */
  raw: Record<string, unknown> | null;
}

/** Where a manifest finding is: the file, plus `#<JSON pointer>` below the root. */
export function manifestWhere(pointer: string): string {
  return `${MANIFEST_FILE}${pointer === '' ? '' : `#${pointer}`}`;
}

/** Reads neurosquad-card.json (size limit, JSON object) and runs `validateManifest` and the impersonation check on it. */
export function checkManifest(folder: string): ManifestCheck {
  const check: ManifestCheck = { ...emptyFindings(), manifest: null, raw: null };
  // A byte order mark may come before the limit's bytes.
  const read = readFolderFile(join(folder, MANIFEST_FILE), LIMITS.manifestBytes + 3);
  if (!read.ok) {
    check.errors.push({
      where: MANIFEST_FILE,
      message: read.missing
        ? `no ${MANIFEST_FILE} in this folder (neurosquad-card create starts a card)`
        : read.tooLarge
          ? `${MANIFEST_FILE} is larger than ${LIMITS.manifestBytes / 1024} KB`
          : `cannot be read: ${read.reason}`,
    });
    return check;
  }
  const badByte = invalidUtf8Offset(read.bytes);
  if (badByte !== null) {
    const byte = read.bytes[badByte].toString(16).padStart(2, '0');
    check.errors.push({
      where: MANIFEST_FILE,
      message: `not valid UTF-8: byte 0x${byte} at offset ${badByte} (save the file as UTF-8)`,
    });
    return check;
  }
  try {
    check.raw = parseManifestText(read.bytes.toString('utf8'));
  } catch (error) {
    // The reason alone: the SDK error code and hint are for card code, not for people reading a report.
    const message = isCardSdkError(error) ? error.hostMessage : errorMessage(error);
    const place = isCardSdkError(error) ? (error.data as { line?: number; column?: number } | undefined) : undefined;
    const where = place?.line ? `${MANIFEST_FILE}:${place.line}:${place.column}` : MANIFEST_FILE;
    check.errors.push({ where, message: sanitizeText(message) });
    return check;
  }
  const result = validateManifest(check.raw);
  for (const warning of [...result.warnings, ...impersonationWarnings(check.raw)]) {
    check.warnings.push({ where: manifestWhere(warning.path), message: sanitizeText(warning.message) });
  }
  // The CLI's own rules, tighter than the app's.
  for (const issue of publicSuffixWildcards(check.raw))
    check.errors.push({ where: manifestWhere(issue.path), message: sanitizeText(issue.message) });
  if (!result.ok) {
    for (const issue of result.issues)
      check.errors.push({
        where: manifestWhere(issue.path),
        message: sanitizeText(manifestIssueMessage(issue, check.raw)),
      });
    return check;
  }
  check.manifest = result.manifest;
  return check;
}
