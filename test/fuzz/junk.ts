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

/** Keys that attack lookups: prototype members, envelope fields, thenables. */
const KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'toJSON',
  'prototype',
  'then',
  'code',
  'message',
  'data',
  'hasOwnProperty',
  'a',
];
/** Strings that attack rules: injection, control and bidi characters, lone surrogates, traversal, protocol words. */
export const STRINGS = [
  '',
  'x',
  '\r\nX-Injected: 1',
  'a\nb',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2028',
  '\ud800',
  '\udfff\ud800',
  '€',
  '../../etc/passwd',
  '/abs',
  'C:\\x',
  '.git/config',
  'ＮｅｕｒｏＳｑｕａｄ',
  'a'.repeat(70),
  '{{secret:token}}',
  '{{secret:__proto__}}',
  'https://[::1]/',
  'https://api.github.com/x',
  'http://localhost:1/',
  'javascript:alert(1)',
  '0x7f.0x0.0x0.0x1',
  '*.co.uk',
  'nscard',
  'req',
  'res',
  'evt',
  'host.ready',
  'ns:text',
  'NOT_FOUND',
  'toString',
  '__proto__',
];

function nest(levels: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 0;
  for (let level = levels; level > 0; level -= 1) value = wrap(value);
  return value;
}

/** Values past the limits (over 1 MiB of text, 210,000 items, nested past any stack), built once and shared. */
const HUGE = {
  text: 'x'.repeat(1_100_000),
  list: Array.from({ length: 210_000 }, (_, i) => i),
  shallowList: nest(70, (inner) => [inner]),
  deepList: nest(5000, (inner) => [inner]),
  shallowObject: nest(70, (a) => ({ a })),
  deepObject: nest(5000, (a) => ({ a })),
};

/** Values that break code which trusts its input's type: non-callable toString, throwing getters, proxies. */
export function hostile(random: Random): unknown {
  switch (random.int(12)) {
    case 0:
      return { toString: 1, valueOf: 1 };
    case 1:
      return Object.create(null) as object;
    case 2:
      return Object.defineProperty({}, random.pick(KEYS), {
        enumerable: true,
        get() {
          throw new Error('getter');
        },
      });
    case 3:
      return new Proxy(
        {},
        {
          get() {
            throw new Error('proxy get');
          },
          ownKeys() {
            throw new Error('proxy keys');
          },
          getPrototypeOf() {
            throw new Error('proxy prototype');
          },
          has() {
            throw new Error('proxy has');
          },
        },
      );
    case 4: {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case 5:
      return random.pick([Symbol('x'), 10n, () => 1, new Date(Number.NaN), new Map([[1, 2]]), new Uint8Array(3)]);
    case 6: {
      const cycle: Record<string, unknown> = { a: 1 };
      cycle.self = cycle;
      return cycle;
    }
    case 7:
      // eslint-disable-next-line no-sparse-arrays -- a hole is what is tested
      return [1, , 3];
    case 8:
      return random.int(8) === 0 ? HUGE.text : 'y'.repeat(5000);
    case 9:
      return random.int(2) ? HUGE.shallowObject : HUGE.deepObject;
    case 10:
      return random.int(2) ? Array.from({ length: 300 }, (_, i) => i) : HUGE.list;
    default:
      return { then: (resolve: (value: unknown) => void) => resolve(1) };
  }
}

/** A junk value: primitives, strings that attack rules, objects with prototype-named keys, deep lists, hostile values. */
export function junk(random: Random, depth = 0): unknown {
  const kind = random.int(depth > 4 ? 6 : 11);
  switch (kind) {
    case 0:
      return random.pick([null, undefined, true, false]);
    case 1:
      return random.pick([0, -1, 1, 1.5, Number.NaN, Infinity, -0, 2 ** 53, 1e308, 100, 1000]);
    case 2:
    case 3:
      return random.pick(STRINGS);
    case 4:
      return String.fromCharCode(...Array.from({ length: random.int(12) }, () => random.int(0x10000)));
    case 5:
      return hostile(random);
    case 6:
      return random.int(3) ? HUGE.shallowList : HUGE.deepList;
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

/**
 * Junk that survives structured clone, as every value arriving over a port or parsed from JSON does (no proxies,
 * getters or functions): the input of surfaces that never see the sender's own objects.
 */
export function cloneable(random: Random): unknown {
  const value = junk(random);
  try {
    return structuredClone(value);
  } catch {
    return random.pick(STRINGS);
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

/** True for arrays and objects of the plain prototypes (never a proxy or a value with getters). */
function isPlain(value: unknown): value is object {
  try {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return Array.isArray(value);
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(Object.getOwnPropertyDescriptors(value)).every((descriptor) => 'value' in descriptor);
  } catch {
    // a proxy whose traps throw
    return false;
  }
}

/** `base` changed somewhere inside: a field deep in it replaced or added by junk (structure kept elsewhere). */
export function mutateDeep(
  random: Random,
  base: unknown,
  depth = 0,
  source: (random: Random) => unknown = junk,
): unknown {
  if (!isPlain(base) || depth > 6 || random.int(4) === 0) {
    return random.int(3) === 0 ? base : source(random);
  }
  if (Array.isArray(base)) {
    const copy: unknown[] = [...(base as unknown[])];
    if (copy.length === 0 || random.int(5) === 0) copy.push(source(random));
    else {
      const index = random.int(copy.length);
      copy[index] = mutateDeep(random, copy[index], depth + 1, source);
    }
    return copy;
  }
  const record = base as Record<string, unknown>;
  const keys = Object.keys(record);
  const copy: Record<string, unknown> = { ...record };
  const key = keys.length === 0 || random.int(6) === 0 ? random.pick(KEYS) : random.pick(keys);
  Object.defineProperty(copy, key, {
    value: mutateDeep(random, record[key], depth + 1, source),
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return copy;
}
