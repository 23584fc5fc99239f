import { describe, expect, it } from 'vitest';
import { createMockHost } from './mock-host.js';
import { TEST_RADAR_MANIFEST } from './fixtures.js';

describe('the manifest of a mock host', () => {
  it('gives every host of the same manifest its own normalized copy', () => {
    const first = createMockHost({ manifest: TEST_RADAR_MANIFEST });
    (first.manifest.ports.inputs as unknown[]).length = 0;
    (first.manifest as { name: string }).name = 'changed';
    const second = createMockHost({ manifest: TEST_RADAR_MANIFEST });
    expect(second.manifest.name).toBe('test-radar');
    expect(second.manifest.ports.inputs.map((port) => port.id)).toEqual(['run']);
    const bare = createMockHost();
    (bare.manifest as { name: string }).name = 'changed';
    expect(createMockHost().manifest.name).toBe('mock-card');
  });

  it('checks a manifest object again after the test changed it', () => {
    const manifest: Record<string, unknown> = { ...TEST_RADAR_MANIFEST };
    expect(createMockHost({ manifest }).manifest.version).toBe(TEST_RADAR_MANIFEST.version);
    manifest.version = 'not a version';
    expect(() => createMockHost({ manifest })).toThrow(/mock host: invalid manifest — \/version: /);
    manifest.version = '2.0.0';
    expect(createMockHost({ manifest }).manifest.version).toBe('2.0.0');
  });

  it('refuses a manifest with a value JSON cannot carry, even when its JSON text is a valid manifest', () => {
    expect(() => createMockHost({ manifest: { ...TEST_RADAR_MANIFEST, homepage: undefined } })).toThrow(
      /mock host: invalid manifest — \/homepage: /,
    );
  });
});
