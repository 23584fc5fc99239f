import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, fillSecretPlaceholders, secretNames } from './secrets.js';

describe('secret placeholders', () => {
  const rows: [string, string, string[]][] = [
    ['one name', 'Bearer {{secret:token}}', ['token']],
    ['several, each once, in order', '{{secret:b}} {{secret:a_1}} {{secret:b}}', ['b', 'a_1']],
    ['name starts with a letter', '{{secret:1abc}}', []],
    ['name characters', '{{secret:a-b_C9}}', ['a-b_C9']],
    ['name ≤ 64 chars', `{{secret:${'a'.repeat(64)}}} {{secret:${'b'.repeat(65)}}}`, ['a'.repeat(64)]],
    ['exact syntax only', '{secret:x} {{ secret:x }} {{secret:x}', []],
  ];
  it.each(rows)('%s', (_rule, text, names) => {
    expect(secretNames(text)).toEqual(names);
  });

  it('fills placeholders with the resolved values', () => {
    expect(fillSecretPlaceholders('Bearer {{secret:token}}/{{secret:other}}', (name) => name.toUpperCase())).toBe(
      'Bearer TOKEN/OTHER',
    );
  });

  it('exports a global pattern whose group 1 is the name', () => {
    expect(SECRET_PLACEHOLDER.flags).toContain('g');
    expect([...'x {{secret:k}}'.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1])).toEqual(['k']);
  });
});

describe('secret placeholders on bad input', () => {
  it('finds nothing in a value that is not text', () => {
    expect(secretNames(undefined as unknown as string)).toEqual([]);
  });
});
