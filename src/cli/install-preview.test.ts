// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatInstallPreview, type InstallPreview } from './install-preview.js';

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
});
