// The confusables table (unhomoglyph's copy of Unicode's confusables.txt, bundled into the CLI so the package
// gains no run-time dependency) lives here, in the CLI, and not in the contract: the core entry stays free of it.
import unhomoglyph from 'unhomoglyph';
import type { ManifestPathIssue } from '../contract/manifest-permissions.js';
import { impersonationIssues, nameTexts } from '../contract/manifest-texts.js';

const LOOK_ALIKE_MESSAGE =
  'reads as "NeuroSquad", "official" or "verified" in look-alike characters: only official cards may call themselves so';

// Skeletons of a text: fullwidth and compatibility forms folded (NFKC), each look-alike replaced by its base
// character, case folded. Two orders, since the table maps some capitals and small letters differently
// (`I` reads as `l`, a Greek capital Nu as `N` but its small form as `v`).
function skeletons(text: string): string[] {
  const folded = text.normalize('NFKC');
  return [unhomoglyph(folded.toLowerCase()), unhomoglyph(unhomoglyph(folded).toLowerCase())];
}

const NEUROSQUAD = skeletons('neurosquad');
const WORDS = new RegExp(`\\b(?:${[...skeletons('official'), ...skeletons('verified')].join('|')})\\b`);

function looksOfficial(text: string): boolean {
  return skeletons(text).some((skeleton) => {
    const joined = skeleton.replace(/[^\p{L}\p{N}]/gu, '');
    return NEUROSQUAD.some((word) => joined.includes(word)) || WORDS.test(skeleton);
  });
}

/**
 * The impersonation warnings of a manifest: the core's rule, then the name, display name or author texts that
 * only read as `NeuroSquad`, `official` or `verified` through look-alike characters (`ΝеurоЅquаd`, `Neur0Squad`,
 * `Vеrіfіеd`).
 * @example impersonationWarnings({ name: 'x', displayName: 'Nеurо Squad' }) // [{ path: '/displayName', … }]
 */
export function impersonationWarnings(manifest: unknown): ManifestPathIssue[] {
  const issues = impersonationIssues(manifest);
  const flagged = new Set(issues.map((issue) => issue.path));
  for (const [path, text] of nameTexts(manifest)) {
    if (!flagged.has(path) && looksOfficial(text)) issues.push({ path, message: LOOK_ALIKE_MESSAGE });
  }
  return issues;
}
