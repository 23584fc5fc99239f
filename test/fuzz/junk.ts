// A small seeded generator of hostile values: the same seed gives the same inputs, so a failure can be replayed.

/** A deterministic pseudo-random source (mulberry32). */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** One element of a list. */
  pick<T>(list: readonly T[]): T;
}

/** A seeded random source. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

const KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'prototype', 'then', 'code', 'message', 'data', 'a'];
const STRINGS = [
  '',
  'x',
  '\r\nX-Injected: 1',
  '\u0000',
  '\u202e',
  '\ud800',
  '../../etc/passwd',
  '.git/config',
  'ＮｅｕｒｏＳｑｕａｄ',
  'a'.repeat(70),
  '{{secret:token}}',
  'https://[::1]/',
  '0x7f.0x0.0x0.0x1',
  'nscard',
  'req',
  'host.ready',
];

/** A junk value: primitives, strings that attack rules, objects with prototype-named keys, deep lists. */
export function junk(random: Random, depth = 0): unknown {
  const kind = random.int(depth > 4 ? 6 : 10);
  switch (kind) {
    case 0:
      return random.pick([null, undefined, true, false]);
    case 1:
      return random.pick([0, -1, 1.5, Number.NaN, Infinity, -0, 2 ** 53, 1e308]);
    case 2:
    case 3:
      return random.pick(STRINGS);
    case 4:
      return String.fromCharCode(...Array.from({ length: random.int(12) }, () => random.int(0x10000)));
    case 5:
      return random.int(2) ? { toString: 1 } : Object.create(null);
    case 6: {
      let deep: unknown = 0;
      for (let level = random.int(3) ? 70 : 5000; level > 0; level -= 1) deep = [deep];
      return deep;
    }
    case 7:
      return Array.from({ length: random.int(4) }, () => junk(random, depth + 1));
    default: {
      const record: Record<string, unknown> = {};
      for (let i = random.int(5); i > 0; i -= 1) {
        Object.defineProperty(record, random.pick(KEYS), {
          value: junk(random, depth + 1),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return record;
    }
  }
}

/** A value shaped like `base` with one field replaced or added by junk (most inputs get past the first check). */
export function mutate(random: Random, base: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...base };
  const keys = [...Object.keys(base), ...KEYS];
  for (let i = 1 + random.int(2); i > 0; i -= 1) {
    Object.defineProperty(copy, random.pick(keys), {
      value: junk(random),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return copy;
}
