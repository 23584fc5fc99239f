// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { NormalizedManifest } from '../contract/types.js';
import { formatInstallPreview, installPreview, type InstallPreview } from './install-preview.js';

const preview = (description: string, reason: string): InstallPreview => ({
  name: 'stats',
  displayName: 'Stats',
  version: '1.0.0',
  description,
  author: null,
  permissions: [{ id: 'fs.read', risk: 'low', what: 'read files', optional: false, reason, hosts: [], includedBy: [] }],
  hosts: [],
  tools: [],
  ports: [],
  settings: [],
});

describe('formatInstallPreview', () => {
  it('prints descriptions and reasons of 200,000 lines without overflowing the stack', () => {
    const lines = formatInstallPreview(preview('x\n'.repeat(200_000), 'y\n'.repeat(200_000)));
    expect(lines.filter((line) => line === '  x')).toHaveLength(200_000);
    expect(lines.filter((line) => line === '      “y”')).toHaveLength(200_000);
  });

  it('makes card text safe to print, whatever reaches it', () => {
    const manifest = {
      name: 'stats',
      displayName: 'Stats\u001b[2J',
      version: '1.0.0',
      permissions: [],
      settings: [{ key: 'command', type: 'string', label: 'Command', default: 'npm test\u001b[31m\u202e' }],
      ports: { inputs: [], outputs: [] },
      tools: [],
    } as unknown as NormalizedManifest;
    const text = formatInstallPreview(installPreview(manifest)).join('\n');
    expect(text).toContain('Install "Stats" 1.0.0 (stats)');
    expect(text).toContain('command "Command" string (default "npm test")');
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(text).not.toMatch(/[\u001b\u202e]/);
  });
});
