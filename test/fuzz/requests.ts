// Card → host request envelopes for the fuzzer: every method of the table, params sampled from its schema then
// mutated, and envelopes whose fields are hostile (a `v` with a non-callable toString, proxies, throwing getters).
import { METHOD_NAMES } from '../../src/contract/methods.js';
import { methodParamsTable } from '../../src/contract/method-params.js';
import { hostile, junk, mutate, mutateDeep, STRINGS, type Random } from './junk.js';
import { sample } from './samples.js';

/** One generated request: the value to deliver, and the id a reply must carry when the envelope is readable. */
export interface FuzzedRequest {
  value: unknown;
  method: string;
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

/** A request envelope numbered `id` for a random method of the table (or a name that is not one). */
export function fuzzedRequest(random: Random, id: number): FuzzedRequest {
  const method =
    random.int(20) === 0 ? random.pick([...STRINGS, 'nope.nothing', 'host.Ready']) : random.pick(METHOD_NAMES);
  const envelope: Record<string, unknown> = { ns: 'nscard', v: 1, kind: 'req', id, method };
  const params = fuzzedParams(random, method);
  if (params !== undefined) envelope.params = params;
  switch (random.int(10)) {
    case 0: {
      // one envelope field replaced (or an unexpected one added)
      const value = mutate(random, envelope);
      return { value, method, answerId: Object.getOwnPropertyDescriptor(value, 'id')?.value === id ? id : null };
    }
    case 1: {
      // a hostile value in a field the parser reads after the id
      const key = random.pick(['v', 'ns', 'kind', 'method', 'params']);
      const value = { ...envelope, [key]: hostile(random) };
      return { value, method, answerId: id };
    }
    case 2:
      // a field that throws when read
      return {
        value: Object.defineProperty({ ...envelope }, random.pick(['v', 'method', 'params', 'kind']), {
          enumerable: true,
          get() {
            throw new Error('getter');
          },
        }),
        method,
        answerId: id,
      };
    case 3:
      return { value: random.int(2) ? hostile(random) : junk(random), method, answerId: null };
    default:
      return { value: envelope, method, answerId: id };
  }
}
