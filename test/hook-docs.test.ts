// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookReference } from '../.storybook/hook-docs/hook-reference.js';

const root = resolve(import.meta.dirname, '..');
const hooks = hookReference(root, 'hooks/index.ts', []);

describe('the hooks reference in Storybook', () => {
  it('describes each parameter of useStorage, and its return value', () => {
    const storage = hooks.find((hook) => hook.name === 'useStorage');
    expect(storage?.parameters.map((parameter) => [parameter.name, parameter.doc !== ''])).toEqual([
      ['key', true],
      ['fallback', true],
      ['options', true],
    ]);
    expect(storage?.returns.doc).toMatch(/^`\[value, set, \{ loading, error \}\]`/);
  });
});
