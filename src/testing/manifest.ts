import { CARD_PROTOCOL_VERSION } from '../contract/constants.js';
import { checkPlainJson } from '../contract/json.js';
import { validateManifest } from '../contract/manifest.js';
import type { NormalizedManifest } from '../contract/types.js';

/** The manifest a mock host uses when the test gives none. */
const DEFAULT_MOCK_MANIFEST = Object.freeze({
  manifestVersion: 1,
  name: 'mock-card',
  displayName: 'Mock card',
  version: '0.0.0',
  protocol: CARD_PROTOCOL_VERSION,
});

// A test file makes a host per test from the same manifest: a plain-JSON manifest normalizes to the same value for
// the same JSON text, so the last few results are kept by text and each host gets its own copy.
const NORMALIZED = new Map<string, NormalizedManifest>();
const KEPT = 16;

/** Validates and normalizes the test's manifest; a bad one throws naming each path. */
export function mockManifest(input: unknown): NormalizedManifest {
  const manifest = input ?? DEFAULT_MOCK_MANIFEST;
  const text = checkPlainJson(manifest) === null ? JSON.stringify(manifest) : undefined;
  const kept = text === undefined ? undefined : NORMALIZED.get(text);
  if (kept) return structuredClone(kept);
  const result = validateManifest(manifest);
  if (!result.ok) {
    const issues = result.issues.map((issue) => `${issue.path || '/'}: ${issue.message}`).join('; ');
    throw new Error(`mock host: invalid manifest — ${issues}`);
  }
  if (text !== undefined) {
    if (NORMALIZED.size >= KEPT) NORMALIZED.delete(NORMALIZED.keys().next().value as string);
    NORMALIZED.set(text, structuredClone(result.manifest));
  }
  return result.manifest;
}
