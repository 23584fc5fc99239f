import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MANIFEST_SCHEMA_ID } from './constants.js';
import { validateManifest } from './manifest.js';
import { MANIFEST_SCHEMA } from './manifest-schema.js';
import { checkSchema } from './schema-check.js';
import { validateValue } from './schema.js';
import type { JsonSchema } from './types.js';
import { README_MANIFEST as readmeExample } from '../testing/fixtures.js';

const published = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../schema/neurosquad-card.v1.json'), 'utf8'),
) as JsonSchema;

// A manifest shaped like the official cards' (localized texts, author, sizes, optional permissions).
const officialStyleExample = {
  $schema: './node_modules/@neurosquad/card-sdk/schema/neurosquad-card.v1.json',
  manifestVersion: 1,
  name: 'repo-radar',
  displayName: { en: 'Repo radar', ru: 'Радар репозитория', zh: '仓库雷达' },
  description: { en: 'Open pull requests and CI at a glance.', ru: 'Пул-реквесты и CI.', zh: '拉取请求和 CI。' },
  version: '0.3.1',
  protocol: 1,
  minAppVersion: '0.1.254',
  author: { name: 'Card authors', url: 'https://github.com/example' },
  homepage: 'https://github.com/example/repo-radar',
  license: 'MIT',
  keywords: ['github', 'ci'],
  icon: 'icon.png',
  entry: 'dist/index.html',
  card: { defaultSize: { w: 480, h: 360 }, minSize: { w: 320, h: 200 }, maxSize: { w: 1200, h: 900 } },
  permissions: [
    {
      id: 'network',
      hosts: ['api.github.com'],
      reason: { en: 'Reads pull requests.', ru: 'Читает PR.', zh: '读取 PR。' },
    },
    { id: 'fs.read', optional: true, reason: { en: 'Reads .git/config to find the repository.' } },
  ],
  settings: [
    { key: 'token', type: 'secret', label: { en: 'GitHub token', ru: 'Токен GitHub', zh: 'GitHub 令牌' } },
    { key: 'interval', type: 'number', label: 'Refresh (min)', default: 5, min: 1, max: 60, step: 1 },
    {
      key: 'view',
      type: 'select',
      label: 'View',
      default: 'open',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'all', label: 'All' },
      ],
    },
    { key: 'accent', type: 'color', label: 'Accent', default: '#3b82f6', scope: 'package' },
  ],
  ports: {
    inputs: [
      {
        id: 'lookup',
        label: 'Look up',
        type: 'ns:text',
        mode: 'request',
        response: { type: 'ns:json' },
      },
      { id: 'refresh', label: { en: 'Refresh', ru: 'Обновить', zh: '刷新' }, type: 'ns:trigger', default: true },
    ],
    outputs: [
      {
        id: 'coverage',
        label: 'Coverage',
        type: 'repo-radar/coverage',
        schema: {
          type: 'object',
          required: ['percent'],
          properties: { percent: { type: 'number', minimum: 0, maximum: 100 } },
        },
        retain: true,
      },
    ],
  },
  tools: [
    {
      name: 'list_prs',
      title: 'List pull requests',
      description: 'Lists open pull requests.',
      readOnly: true,
      timeoutMs: 60_000,
      inputSchema: { type: 'object', properties: { state: { enum: ['open', 'closed'] } }, additionalProperties: false },
    },
  ],
};

// The mock host's built-in manifest.
const mockDefault = { manifestVersion: 1, name: 'mock-card', displayName: 'Mock card', version: '0.0.0', protocol: 1 };

describe('schema/neurosquad-card.v1.json', () => {
  it('is the manifest schema the validator uses', () => {
    expect(published).toEqual(MANIFEST_SCHEMA);
    expect(published.$id).toBe(MANIFEST_SCHEMA_ID);
  });

  it('is itself within the schema subset (with pattern)', () => {
    expect(checkSchema(published, { allowPattern: true, maxNodes: 10_000, maxDepth: 32 })).toEqual([]);
  });

  it.each([
    ['the README example', readmeExample],
    ['an official-style manifest', officialStyleExample],
    ['the mock host default', mockDefault],
  ])('accepts %s, and so does validateManifest', (_name, manifest) => {
    expect(validateValue(published, manifest, { maxIssues: 50 })).toEqual([]);
    const result = validateManifest(manifest);
    expect(result.ok ? result.warnings : result.issues).toEqual([]);
  });

  it('refuses what validateManifest refuses at the schema step', () => {
    const bad = { ...readmeExample, name: 'Test Radar', extra: true };
    const issues = validateValue(published, bad, { maxIssues: 50 });
    expect(issues.map((i) => i.path)).toEqual(['/name', '/extra']);
    const result = validateManifest(bad);
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual(['/name', '/extra']);
  });
});
