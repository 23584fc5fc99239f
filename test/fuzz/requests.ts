// Card → host request envelopes for the fuzzer, each made by one mutation kind with the outcome the contract gives
// it: every method of the table with params sampled from its schema then mutated, and envelopes with one field
// replaced (a `v` that is an object with a non-callable toString, a proxy, a throwing getter, an extra field).
import { checkPlainJson } from '../../src/contract/json.js';
import { LIMITS } from '../../src/contract/limits.js';
import { METHOD_NAMES, requestLimit } from '../../src/contract/methods.js';
import { methodParamsTable } from '../../src/contract/method-params.js';
import { hostile, junk, mutateDeep, STRINGS, type Random } from './junk.js';
import { sample } from './samples.js';

/** How a request envelope was made: intact, or with one part replaced. */
type MutationKind =
  | 'intact'
  | 'protocol'
  | 'namespace'
  | 'kind'
  | 'method name'
  | 'extra field'
  | 'throwing getter'
  | 'params not JSON'
  | 'id'
  | 'not an envelope';

/**
 * The code the contract gives each mutation kind (spec §4: the parser checks the shape and id, then the protocol,
 * the method name, the fields and plain-JSON params, then the size); `null` when no reply may come (no readable id),
 * `undefined` for an intact envelope, whose outcome {@link parseOutcome} works out.
 */
const EXPECTED_PARSE_CODE: Readonly<Record<MutationKind, string | null | undefined>> = {
  intact: undefined,
  protocol: 'PROTOCOL_MISMATCH',
  namespace: 'BAD_REQUEST',
  kind: 'BAD_REQUEST',
  'method name': 'METHOD_NOT_FOUND',
  'extra field': 'BAD_REQUEST',
  'throwing getter': 'BAD_REQUEST',
  'params not JSON': 'BAD_REQUEST',
  id: null,
  'not an envelope': null,
};

/** One generated request: the value to deliver, how it was made, and the id a reply must carry. */
export interface FuzzedRequest {
  value: unknown;
  method: string;
  /** The params as sent (for an intact envelope). */
  params: unknown;
  kind: MutationKind;
  /** Set when the envelope keeps a readable, valid id: exactly one reply with it must come back. */
  answerId: number | null;
}

/** Params for `method`: valid, valid with one field mutated deep inside, or junk. */
export function fuzzedParams(random: Random, method: string): unknown {
  const schema = (methodParamsTable() as Record<string, Parameters<typeof sample>[0]>)[method];
  const valid = sample(schema, random);
  switch (random.int(5)) {
    case 0:
    case 1:
      return valid;
    case 2:
    case 3:
      return mutateDeep(random, valid);
    default:
      return junk(random);
  }
}

/** Versions that are not protocol 1, the hostile ones included: every one is PROTOCOL_MISMATCH. */
function wrongVersion(random: Random): unknown {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return random.pick([
    0,
    2,
    '1',
    1.5,
    null,
    true,
    -1,
    Number.NaN,
    [1],
    { toString: 1, valueOf: 1 },
    Object.create(null) as object,
    proxy,
    () => 1,
    Symbol('v'),
    10n,
    { v: 1 },
  ]);
}

/** Params that are not plain JSON (BAD_REQUEST whatever the method). */
function notJson(random: Random): unknown {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  return random.pick([
    proxy,
    cycle,
    () => 1,
    Symbol('p'),
    10n,
    new Map([[1, 2]]),
    new Date(0),
    new Uint8Array(2),
    { a: undefined },
    { then: () => 1 },
    { n: Number.NaN },
  ]);
}

/** A request envelope numbered `id`, made by one mutation kind. */
export function fuzzedRequest(random: Random, id: number): FuzzedRequest {
  const roll = random.int(20);
  const kind: MutationKind =
    roll < 10
      ? 'intact'
      : ((['protocol', 'namespace', 'kind', 'method name', 'extra field', 'throwing getter', 'params not JSON', 'id'][
          roll - 10
        ] as MutationKind | undefined) ?? 'not an envelope');
  const method = random.pick(METHOD_NAMES);
  const params = fuzzedParams(random, method);
  const envelope: Record<string, unknown> = { ns: 'nscard', v: 1, kind: 'req', id, method };
  if (params !== undefined) envelope.params = params;
  const made = (value: unknown, answerId: number | null = id): FuzzedRequest => ({
    value,
    method,
    params,
    kind,
    answerId,
  });
  switch (kind) {
    case 'protocol':
      return made({ ...envelope, v: wrongVersion(random) });
    case 'namespace':
      return made({ ...envelope, ns: random.pick(['', 'NSCARD', 'nscard ', 'ns', 1, null, hostile(random)]) });
    case 'kind':
      return made({ ...envelope, kind: random.pick(['res', 'evt', 'REQ', '', null, 1, hostile(random)]) });
    case 'method name':
      return made({
        ...envelope,
        method: random.pick([
          '',
          'x',
          'host',
          'Host.ready',
          'a.b.c',
          'host.ready\n',
          `${'a'.repeat(60)}.bbbbb`,
          '__proto__.x',
          'host.',
          42,
          null,
          ...STRINGS.filter((text) => !/^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/.test(text)),
        ]),
      });
    case 'extra field':
      return made(
        Object.defineProperty({ ...envelope }, random.pick(['extra', '__proto__', 'then', 'toString', 'data', 'ok']), {
          value: junk(random),
          enumerable: true,
          configurable: true,
          writable: true,
        }),
      );
    case 'throwing getter':
      return made(
        Object.defineProperty({ ...envelope }, random.pick(['v', 'ns', 'kind', 'method', 'params']), {
          enumerable: true,
          get() {
            throw new Error('getter');
          },
        }),
      );
    case 'params not JSON':
      return made({ ...envelope, params: notJson(random) });
    case 'id':
      return made({ ...envelope, id: random.pick([0, -1, 1.5, String(id), null, 2 ** 53, Number.NaN]) }, null);
    case 'not an envelope':
      return made(random.int(2) ? hostile(random) : junk(random), null);
    default:
      return made(envelope);
  }
}

/**
 * What the parser must make of `request` under the size `limit`: a refusal code, `null` for no reply, or
 * `'accepted'` (an intact envelope whose params are plain JSON within the limits).
 */
export function parseOutcome(request: FuzzedRequest, limit = requestLimit(request.method)): string | null {
  const expected = EXPECTED_PARSE_CODE[request.kind];
  if (expected !== undefined) return expected;
  const issue = checkPlainJson(request.params ?? null, { maxDepth: LIMITS.valueDepth, maxNodes: LIMITS.valueNodes });
  if (issue) return 'BAD_REQUEST';
  return JSON.stringify(request.value).length > limit ? 'TOO_LARGE' : 'accepted';
}
