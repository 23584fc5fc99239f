// @vitest-environment node
// Seeded fuzzing of the synchronous surfaces that take hostile input: the host request parser, host error payloads
// both ways, the port conversions and the path, host, header and secret rules. FUZZ_RUNS sets the size.
import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../../src/contract/errors.js';
import { checkRequestHeader } from '../../src/contract/headers.js';
import { isHostAllowed, parseHostPattern } from '../../src/contract/hosts.js';
import { normalizePackagePath, normalizeWorkspacePath, writeProtectionError } from '../../src/contract/paths.js';
import { NS_PORT_TYPES } from '../../src/contract/port-type-ids.js';
import { coercePortValue, portCoercion } from '../../src/contract/ports.js';
import { fillSecretPlaceholders } from '../../src/contract/secrets.js';
import { errorPayload } from '../../src/host/engine.js';
import { parseRequest } from '../../src/host/parse-request.js';
import { readInbound } from '../../src/transport/envelopes.js';
import {
  CLEAN,
  describe as show,
  fuzzSurface,
  payloadProblem,
  problems,
  refusalProblem,
  TIMEOUT_MS,
} from './harness.js';
import { cloneable, junk, mutate, STRINGS, type Random } from './junk.js';
import { fuzzedRequest, parseOutcome } from './requests.js';

const RESPONSE = { ns: 'nscard', v: 1, kind: 'res', id: 1, ok: false, error: { code: 'NOT_FOUND', message: 'x' } };
const PARSER_CODES = ['BAD_REQUEST', 'PROTOCOL_MISMATCH', 'METHOD_NOT_FOUND', 'TOO_LARGE'];

/** A port value shaped for its type most of the time (text, tasks, tables, JSON), else junk. */
function portValue(random: Random): unknown {
  switch (random.int(6)) {
    case 0:
      return random.pick(['- [x] ship\n- docs', '| a | b |\n| - | - |\n| 1 | 2 |', '```json\n{}\n```', '']);
    case 1:
      return [{ text: random.pick(STRINGS), done: random.int(2) === 0 }, junk(random)];
    case 2:
      return { columns: ['a', junk(random)], rows: [[1, junk(random)]] };
    default:
      return junk(random);
  }
}

/** Text with secret placeholders and characters a header must not carry. */
function headerText(random: Random): string {
  const parts = Array.from({ length: 1 + random.int(3) }, () => random.pick(STRINGS));
  return parts.join(random.pick(['', ' ', '{{secret:token}}']));
}

describe(`fuzz: synchronous surfaces`, () => {
  it(
    'the host request parser never throws and refuses with the spec’d wire codes',
    async () => {
      const tally = await fuzzSurface('host request parser', 1, (random, report) => {
        const request = fuzzedRequest(random, 1 + random.int(1000));
        const limit = random.int(10) === 0 ? 100 : undefined;
        const result = parseRequest(request.value, limit);
        // The outcome the contract gives this mutation kind: the exact code, with the id when it was readable.
        const expected = parseOutcome(request, limit);
        if (result.ok) {
          if (expected !== 'accepted') report.accepted(`${request.kind}: accepted, not ${String(expected)}`);
          return;
        }
        const problem = payloadProblem(result.error, PARSER_CODES);
        if (problem) report.uncoded(problem);
        else if (expected === 'accepted' || (expected ?? 'BAD_REQUEST') !== result.error.code)
          report.wrong(`${request.kind}: ${result.error.code} (${result.error.message}), not ${String(expected)}`);
        if (result.id !== request.answerId)
          report.wrong(`${request.kind}: id ${show(result.id)}, not ${request.answerId}`);
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );

  it(
    'host error payloads: anything a handler throws becomes a coded payload, any payload a coded CardSdkError',
    async () => {
      const tally = await fuzzSurface('host error payloads', 3, (random, report) => {
        const payload = errorPayload(junk(random));
        if (typeof payload.code !== 'string' || typeof payload.message !== 'string') {
          report.uncoded(`errorPayload gave ${show(payload)}`);
        }
        const inbound = readInbound(random.int(4) ? mutate(random, RESPONSE) : junk(random));
        if (inbound?.kind === 'res' && inbound.error) {
          const error = CardSdkError.fromPayload(inbound.error, 'card.getInfo');
          const problem = refusalProblem(error, { method: 'card.getInfo', extra: [inbound.error.code] });
          if (problem) report.uncoded(problem);
        }
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );

  it(
    'coercePortValue converts, or refuses with INVALID_PARAMS (incompatible types: the spec’d Error)',
    async () => {
      const tally = await fuzzSurface('port conversions', 4, (random, report) => {
        const from = random.int(10) ? random.pick(NS_PORT_TYPES) : random.pick(STRINGS);
        const to = random.int(10) ? random.pick(NS_PORT_TYPES) : random.pick(STRINGS);
        try {
          coercePortValue(portValue(random), from, to);
        } catch (error) {
          if (portCoercion(from, to) === null && error instanceof Error && /are not compatible/.test(error.message)) {
            return;
          }
          const problem = refusalProblem(error, { only: ['INVALID_PARAMS'] });
          if (problem) report.uncoded(`${from} → ${to}: ${problem}`);
        }
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );

  it(
    'the path, host, header and secret rules answer any input with a result, never a throw',
    async () => {
      const tally = await fuzzSurface('paths, hosts, headers, secrets', 5, (random, report) => {
        const name = random.int(3)
          ? random.pick(['x-a', 'authorization', 'origin', 'cookie', 'x-\u00e9'])
          : junk(random);
        const raw = random.int(2) ? headerText(random) : junk(random);
        const problem = checkRequestHeader(name, raw);
        if (problem !== null && typeof problem !== 'string') report.crash(`header rule gave ${show(problem)}`);
        // A secret filled in after the rule ran: the value actually sent is checked again.
        if (typeof raw === 'string' && problem === null) {
          const filled = fillSecretPlaceholders(raw, () => random.pick(STRINGS));
          const sent = checkRequestHeader(name, filled);
          if (sent === null && (filled.includes('\r') || filled.includes('\n') || filled.includes('\u0000'))) {
            report.accepted(`header ${show(filled)} passes`);
          }
        }
        for (const result of [normalizeWorkspacePath(junk(random)), normalizePackagePath(junk(random))]) {
          if (result.ok ? typeof result.path !== 'string' : typeof result.error !== 'string') {
            report.crash(`path rule gave ${show(result)}`);
          }
        }
        const path = random.pick(STRINGS);
        const protection = writeProtectionError(path);
        if (protection !== null && typeof protection !== 'string') report.crash(`write rule gave ${show(protection)}`);
        const pattern = parseHostPattern(random.int(2) ? random.pick(STRINGS) : junk(random));
        if (typeof pattern.ok !== 'boolean') report.crash(`host rule gave ${show(pattern)}`);
        // The request host and port come from a parsed URL; the patterns from a validated manifest.
        const hosts = ['*.github.com', random.pick(STRINGS), show(cloneable(random))];
        const port = random.pick([443, '', '8080', '0x1bb', 'x', -1]);
        if (typeof isHostAllowed(hosts, random.pick(STRINGS), port) !== 'boolean') report.crash('host match');
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );
});
