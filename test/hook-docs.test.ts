// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookReference, wrapSignature } from '../.storybook/hook-docs/hook-reference.js';

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

  it("says what useStorage's type parameter is in both kinds of card, since `fallback: K` shows it as the value", () => {
    const storage = hooks.find((hook) => hook.name === 'useStorage');
    expect(storage?.typeParameters.map((parameter) => [parameter.name, parameter.type])).toEqual([
      ['K', 'KeyParam<StorageMap>'],
    ]);
    const doc = storage?.typeParameters[0]?.doc ?? '';
    expect(doc).toMatch(/no `Register\['storage'\]`, the stored value's type/);
    expect(doc).toMatch(/in one that does, the key/);
    // Every hook whose type parameter is a key or a value, by what the card declares, says so.
    const undocumented = hooks
      .filter((hook) => hook.typeParameters.some((parameter) => parameter.doc === ''))
      .map((hook) => hook.name);
    expect(undocumented).toEqual([]);
  });

  it('writes a long signature one parameter per line, so the page shows all of it', () => {
    const storage = hooks.find((hook) => hook.name === 'useStorage');
    const lines = storage?.signatures[0]?.split('\n') ?? [];
    expect(lines[0]).toMatch(/^function useStorage<K extends KeyParam<StorageMap> = unknown>\($/);
    expect(lines.slice(1, 4).map((line) => line.trim().split(':')[0])).toEqual(['key', 'fallback', 'options?']);
    expect(lines[4]).toMatch(/^\): \[/);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(100);
  });

  it('keeps a short signature on one line and splits only the outermost commas', () => {
    expect(wrapSignature('function useTheme(): CardTheme')).toBe('function useTheme(): CardTheme');
    expect(
      wrapSignature(
        'function useSomething<T extends Record<string, number>>(first: Map<string, [number, string]>, next: (previous: T, index: number) => T): void',
      ),
    ).toBe(
      'function useSomething<T extends Record<string, number>>(\n  first: Map<string, [number, string]>,\n  next: (previous: T, index: number) => T,\n): void',
    );
  });
});
