// Seeded fuzzing of the synchronous surfaces that take hostile input: the host request parser, the card's reading
// of host messages and errors, the port conversions and the header and path rules. FUZZ_RUNS sets the size.
import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../../src/contract/errors.js';
import { checkRequestHeader } from '../../src/contract/headers.js';
import { coercePortValue } from '../../src/contract/ports.js';
import { NS_PORT_TYPES } from '../../src/contract/port-type-ids.js';
import { normalizeWorkspacePath } from '../../src/contract/paths.js';
import { parseRequest } from '../../src/host/parse-request.js';
import { errorPayload } from '../../src/host/engine.js';
import { readInbound } from '../../src/transport/envelopes.js';
import { junk, mutate, seeded } from './junk.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const REQUEST = { ns: 'nscard', v: 1, kind: 'req', id: 7, method: 'card.getInfo', params: {} };
const RESPONSE = { ns: 'nscard', v: 1, kind: 'res', id: 1, ok: false, error: { code: 'NOT_FOUND', message: 'x' } };

/** Runs `check` on RUNS seeded inputs and asserts Object.prototype is untouched afterwards. */
function fuzz(seed: number, check: (random: ReturnType<typeof seeded>) => void): void {
  const before = Object.getOwnPropertyNames(Object.prototype).join();
  const random = seeded(seed);
  for (let run = 0; run < RUNS; run += 1) check(random);
  expect(Object.getOwnPropertyNames(Object.prototype).join()).toBe(before);
}

describe(`fuzz (${RUNS} inputs per surface)`, () => {
  it('parseRequest never throws and refuses with a code', () => {
    fuzz(1, (random) => {
      const result = parseRequest(random.int(4) ? mutate(random, REQUEST) : junk(random));
      if (!result.ok) expect(typeof result.error.code).toBe('string');
    });
  });

  it('the card reads any host message and error into a well-formed CardSdkError', () => {
    fuzz(2, (random) => {
      const inbound = readInbound(random.int(4) ? mutate(random, RESPONSE) : junk(random));
      if (inbound?.kind === 'res' && inbound.error) {
        const error = CardSdkError.fromPayload(inbound.error, 'card.getInfo');
        expect(typeof error.hostMessage).toBe('string');
        expect(typeof error.hint).toBe('string');
      }
    });
  });

  it('errorPayload turns anything thrown into a coded payload', () => {
    fuzz(3, (random) => {
      const payload = errorPayload(junk(random));
      expect(typeof payload.code).toBe('string');
      expect(typeof payload.message).toBe('string');
    });
  });

  it('coercePortValue converts or refuses with a coded error', () => {
    fuzz(4, (random) => {
      try {
        coercePortValue(junk(random), random.pick(NS_PORT_TYPES), random.pick(NS_PORT_TYPES));
      } catch (error) {
        if (!(error instanceof CardSdkError)) expect(String(error)).toMatch(/are not compatible/);
      }
    });
  });

  it('the header and path rules answer for any input', () => {
    fuzz(5, (random) => {
      const problem = checkRequestHeader(junk(random), junk(random));
      expect(problem === null || typeof problem === 'string').toBe(true);
      const path = normalizeWorkspacePath(junk(random));
      expect(typeof path).toBe('object');
    });
  });
});
