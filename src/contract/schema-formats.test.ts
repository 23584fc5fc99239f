import { describe, expect, it } from 'vitest';
import { isSchemaFormat, matchesFormat } from './schema-formats.js';

describe('matchesFormat', () => {
  // format, valid texts, invalid texts
  const rows: [string, string[], string[]][] = [
    [
      'uri',
      ['https://a.dev/x?y#z', 'mailto:me@a.dev', 'urn:isbn:0451450523', 'x+y.z-1:'],
      ['a.dev', '1http://a', 'https://a dev', 'http://a\tb', `a:${'x'.repeat(8191)}`],
    ],
    [
      'date-time',
      ['2024-05-01T10:20:30Z', '2024-05-01T10:20:30.5+02:00', '2024-05-01T10:20:30.123456789-11:30'],
      [
        '2024-05-01T10:20:30',
        '2024-05-01t10:20:30Z',
        '2024-05-01T10:20Z',
        '2024-05-01T10:20:30.1234567890Z',
        '2024-13-01T00:00:00Z',
      ],
    ],
    ['date', ['2024-02-29', '1999-12-31'], ['2023-02-29', '2024-04-31', '2024-1-01', '20240101']],
    [
      'email',
      ['a@b', 'first.last+tag@example.co.uk'],
      ['@b', 'a@', 'a@b@c', 'a b@c', `${'a'.repeat(65)}@b`, `a@${'b'.repeat(256)}`],
    ],
    ['color', ['#abc', '#ABCD', '#a1b2c3', '#a1b2c3d4'], ['abc', '#ab', '#abcde', '#a1b2c3d', '#ghijkl']],
    [
      'uuid',
      ['123e4567-e89b-12d3-a456-426614174000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'],
      [
        '123e4567-e89b-12d3-a456-42661417400',
        '123e4567e89b12d3a456426614174000',
        'g23e4567-e89b-12d3-a456-426614174000',
      ],
    ],
  ];
  it.each(rows)('%s', (format, valid, invalid) => {
    for (const text of valid) expect(matchesFormat(format, text), text).toBe(true);
    for (const text of invalid) expect(matchesFormat(format, text), text).toBe(false);
  });

  it('passes unknown formats', () => {
    expect(matchesFormat('hostname', ' anything ')).toBe(true);
  });

  it('knows the six formats', () => {
    expect(['uri', 'date-time', 'date', 'email', 'color', 'uuid'].every(isSchemaFormat)).toBe(true);
    expect(isSchemaFormat('ipv4')).toBe(false);
    expect(isSchemaFormat(1)).toBe(false);
  });
});
