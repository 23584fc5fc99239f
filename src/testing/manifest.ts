import { CARD_PROTOCOL_VERSION } from '../contract/constants.js';
import { validateManifest } from '../contract/manifest.js';
import type { NormalizedManifest } from '../contract/types.js';

/** The manifest a mock host uses when the test gives none. */
export const DEFAULT_MOCK_MANIFEST = Object.freeze({
  manifestVersion: 1,
  name: 'mock-card',
  displayName: 'Mock card',
  version: '0.0.0',
  protocol: CARD_PROTOCOL_VERSION,
});

// The default manifest normalizes to the same value every time: validated once, then each host gets its own copy.
let defaultManifest: NormalizedManifest | undefined;

/** Validates and normalizes the test's manifest; a bad one throws naming each path. */
export function mockManifest(input: unknown): NormalizedManifest {
  if (input === undefined || input === null)
    return structuredClone((defaultManifest ??= mockManifest(DEFAULT_MOCK_MANIFEST)));
  const result = validateManifest(input);
  if (!result.ok) {
    const issues = result.issues.map((issue) => `${issue.path || '/'}: ${issue.message}`).join('; ');
    throw new Error(`mock host: invalid manifest — ${issues}`);
  }
  return result.manifest;
}
