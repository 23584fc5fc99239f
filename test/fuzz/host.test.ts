// @vitest-environment node
// Seeded fuzzing of the host side receiving card requests: the engine (serveCardPort) under a dispatcher that
// answers with junk, and the mock host's real handlers. Every readable request is answered exactly once, in time,
// with a result or a well-formed coded error; FUZZ_RUNS sets the size.
import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_SDK_ERROR_CODES, CardSdkError } from '../../src/contract/errors.js';
import { checkRequestHeader } from '../../src/contract/headers.js';
import { isMethodName, METHODS, methodPermitted, responseLimit } from '../../src/contract/methods.js';
import { PERMISSION_IDS } from '../../src/contract/permissions.js';
import { validateValue } from '../../src/contract/schema.js';
import { serveCardPort, type CardHostBindings, type CardPortServer } from '../../src/host/engine.js';
import { createMockHost } from '../../src/testing/mock-host.js';
import { notePeer, sampleAgents, todoPeer, TEST_RADAR_MANIFEST } from '../../src/testing/fixtures.js';
import type { MockHost } from '../../src/testing/types.js';
import {
  CLEAN,
  describe as show,
  fuzzSurface,
  payloadProblem,
  problems,
  sameValue,
  TIMEOUT_MS,
  turns,
  type Report,
} from './harness.js';
import { hostile, junk, STRINGS, type Random } from './junk.js';
import { fuzzedRequest, parseOutcome, type FuzzedRequest } from './requests.js';

/** The host end of a card connection, driven by hand: replies pass structured clone, as on a real port. */
interface FakePort {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  start(): void;
  close(): void;
  readonly replies: unknown[];
}

function fakePort(): FakePort {
  const replies: unknown[] = [];
  return {
    replies,
    onmessage: null,
    postMessage: (message) => void replies.push(structuredClone(message)),
    start: () => undefined,
    close: () => undefined,
  };
}

/** A request reaching a real MessagePort is structured-cloned first; values clone cannot carry arrive as given. */
function deliver(port: FakePort, value: unknown): void {
  port.onmessage?.({ data: value });
}

/** Checks the replies to one request: exactly one when its id was readable, each a well-formed response. */
function checkReplies(
  report: Report,
  replies: unknown[],
  answerId: number | null,
  method: string,
  allowed: (code: string) => boolean,
): void {
  const responses = replies.filter((reply) => (reply as { kind?: unknown }).kind === 'res');
  if (answerId !== null) {
    const mine = responses.filter((reply) => (reply as { id?: unknown }).id === answerId);
    if (mine.length === 0) report.hang(`${method}: request ${answerId} never answered`);
    if (mine.length > 1) report.crash(`${method}: request ${answerId} answered ${mine.length} times`);
  } else if (responses.length > 1)
    report.crash(`${method}: one unreadable envelope answered ${responses.length} times`);
  for (const reply of responses) {
    const { ns, v, ok, id, error } = reply as Record<string, unknown>;
    if (ns !== 'nscard' || v !== 1 || typeof ok !== 'boolean' || typeof id !== 'number') {
      report.crash(`${method}: malformed response ${show(reply)}`);
    } else if (!ok) {
      const problem = payloadProblem(error);
      if (problem) report.uncoded(`${method}: ${problem}`);
      else if (!allowed((error as { code: string }).code)) report.uncoded(`${method}: ${show(error)}`);
    }
  }
}

/** What a junk dispatcher does with one request: return or throw junk, now or later, or as a hostile thenable. */
type JunkOutcome = { returns: unknown } | { throws: unknown } | { rejects: unknown } | { resolves: unknown };

function junkOutcome(random: Random): JunkOutcome {
  const value = junk(random);
  switch (random.int(8)) {
    case 0:
      return { throws: value };
    case 1: {
      const code = random.pick([...CARD_SDK_ERROR_CODES, ...STRINGS]);
      return { throws: Object.assign(new Error('coded'), { code, data: random.int(2) ? junk(random) : undefined }) };
    }
    case 2:
      return {
        throws: new CardSdkError(random.pick(CARD_SDK_ERROR_CODES), 'refused', random.int(2) ? value : undefined),
      };
    case 3:
      return { rejects: random.int(2) ? value : new CardSdkError('NOT_FOUND', 'none') };
    case 4:
      return { resolves: value };
    case 5:
      return {
        returns: {
          then() {
            throw new Error('thenable');
          },
        },
      };
    case 6:
      return { returns: hostile(random) };
    default:
      return { returns: value };
  }
}

/** An intact host.ready request. */
function readyRequest(id: number): FuzzedRequest {
  const params = { sdkVersion: '1.3.0', protocol: 1 };
  const value = { ns: 'nscard', v: 1, kind: 'req', id, method: 'host.ready', params };
  return { value, method: 'host.ready', params, kind: 'intact', answerId: id };
}

/** The state one input runs in, and what reached the dispatcher. */
interface EngineInput {
  grants: Set<string>;
  visibility: string;
  dispatched: Array<{ method: string; params: Record<string, unknown>; id: number; outcome: JunkOutcome }>;
}

/** A host that dispatches every request to junk, under the grants and visibility the input set. */
function junkBindings(random: Random, input: EngineInput): CardHostBindings {
  return {
    dispatch: (method, params, request) => {
      if (random.int(6) === 0) request.afterReply(() => void junk(random));
      const outcome = junkOutcome(random);
      input.dispatched.push({ method, params, id: request.id, outcome });
      if ('throws' in outcome) throw outcome.throws;
      if ('rejects' in outcome) return Promise.reject(outcome.rejects);
      if ('resolves' in outcome) return Promise.resolve(outcome.resolves);
      return outcome.returns;
    },
    grants: () => input.grants,
    visibility: () => input.visibility,
  };
}

const WIRE_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/** The code the contract gives a thrown (or rejected) value: its own when it is a wire code, else INTERNAL. */
function thrownCode(thrown: unknown): string {
  try {
    if (thrown instanceof CardSdkError) {
      structuredClone(thrown.data);
      return thrown.code;
    }
    const { code, data } = (thrown ?? {}) as { code?: unknown; data?: unknown };
    if (typeof thrown !== 'object' || typeof code !== 'string' || !WIRE_CODE.test(code)) return 'INTERNAL';
    structuredClone(data);
    return code;
  } catch {
    // a field that cannot be read, or data that cannot cross the port
    return 'INTERNAL';
  }
}

/** The reply the contract gives a handler outcome: the result (as cloned), a code, or null when it cannot be told. */
function outcomeReply(method: string, outcome: JunkOutcome): { result: unknown } | { code: string } | null {
  if ('throws' in outcome) return { code: thrownCode(outcome.throws) };
  if ('rejects' in outcome) return { code: thrownCode(outcome.rejects) };
  const value = 'resolves' in outcome ? outcome.resolves : outcome.returns;
  try {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
      if (typeof (value as { then?: unknown }).then === 'function') return null;
    }
  } catch {
    return { code: 'INTERNAL' };
  }
  let length = 0;
  try {
    length = JSON.stringify({ ns: 'nscard', v: 1, kind: 'res', id: 1, ok: true, result: value })?.length ?? 0;
  } catch {
    length = 0;
  }
  if (length > responseLimit(method)) return { code: 'TOO_LARGE' };
  try {
    return { result: structuredClone(value) };
  } catch {
    return { code: 'INTERNAL' };
  }
}

/** The check that must stop an accepted envelope before its handler (spec §5's order), or null to dispatch it. */
function checkCode(method: string, params: unknown, ready: boolean, input: EngineInput): string | null {
  const known = isMethodName(method);
  if (!ready && !(known && METHODS[method].beforeReady)) return 'NOT_READY';
  if (!known) return 'METHOD_NOT_FOUND';
  if (validateValue(METHODS[method].params, params).length > 0) return 'INVALID_PARAMS';
  if (!methodPermitted(method, input.grants)) return 'PERMISSION_DENIED';
  if (METHODS[method].visible && input.visibility !== 'visible') return 'NOT_VISIBLE';
  return null;
}

/** Junk a test's own handler could return: any JSON value, as its options type them (hostile objects are the card's weapon). */
function plainJunk(random: Random): unknown {
  try {
    return JSON.parse(JSON.stringify(junk(random)) ?? 'null') as unknown;
  } catch {
    return 'x';
  }
}

const SECRETS = ['ghp_token', '\r\nX-Injected: 1', 'a\nb', 'tab\tok', '\u0000', '\u00ff', '€uro', '\u2028', ''];

/** A mock host with the README's card, agents and peers, a network that answers junk, and a secret to fill. */
function richMock(random: Random, report: Report): MockHost {
  return createMockHost({
    manifest: {
      ...TEST_RADAR_MANIFEST,
      permissions: PERMISSION_IDS.map((id) => (id === 'network' ? { id, hosts: ['api.github.com'] } : id)),
      settings: [
        { key: 'command', type: 'string', label: 'Test command', default: 'npm test' },
        { key: 'token', type: 'secret', label: 'Token' },
      ],
    },
    grant: 'all',
    agents: sampleAgents(),
    peers: [
      notePeer('note-1', 'downstream', { retained: { text: '# hi' } }),
      todoPeer('todo-1', 'downstream', { respond: () => plainJunk(random) }),
    ],
    secrets: { token: random.pick(SECRETS) },
    files: { 'notes.md': '# notes', 'docs/a.md': 'a' },
    enforceRateLimits: random.int(2) === 0,
    fetch: (request) => {
      // What reaches the network must pass the header rule, secrets filled in.
      for (const [name, value] of Object.entries(request.headers)) {
        const problem = checkRequestHeader(name, value);
        if (problem) report.accepted(`net.fetch sent header ${name}: ${show(value)} (${problem})`);
      }
      const reply = plainJunk(random);
      return random.int(3) === 0
        ? { status: 200, body: reply, stream: ['a', new Uint8Array([1, 2])] }
        : (reply as { status?: number });
    },
  });
}

describe('fuzz: the host receiving card requests', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    'the engine answers every readable request once, with the code its mutation gets, the check that stops it, or its handler’s answer',
    async () => {
      let port = fakePort();
      let id = 0;
      let server: CardPortServer | null = null;
      const input: EngineInput = { grants: new Set(PERMISSION_IDS), visibility: 'visible', dispatched: [] };
      const counts = { answerable: 0, replies: 0 };
      const tally = await fuzzSurface('host engine', 11, async (random, report) => {
        if (id % 200 === 0) {
          port = fakePort();
          server = serveCardPort(port as unknown as MessagePort, junkBindings(random, input));
        }
        // Grants and visibility change between inputs, as the user changes them.
        input.grants = new Set(random.int(3) === 0 ? PERMISSION_IDS.filter(() => random.int(2) === 0) : PERMISSION_IDS);
        input.visibility = random.pick(['visible', 'visible', 'hidden', 'overview']);
        input.dispatched.length = 0;
        port.replies.length = 0;
        // Whether host.ready has succeeded before this request (a handler's result, whatever became of its reply).
        const ready = server?.ready === true;
        const request = !ready && random.int(2) === 0 ? readyRequest(++id) : fuzzedRequest(random, ++id);
        deliver(port, request.value);
        await turns(2);
        vi.advanceTimersByTime(1000);
        await turns(1);
        const responses = port.replies.filter((reply) => (reply as { kind?: unknown }).kind === 'res');
        counts.replies += responses.length;
        if (request.answerId !== null) counts.answerable += 1;
        checkReplies(report, port.replies, request.answerId, request.method, () => true);
        const reply = responses.find((r) => (r as { id?: unknown }).id === request.answerId) as
          { ok: boolean; result?: unknown; error?: { code: string } } | undefined;
        const expected = parseOutcome(request);
        const dispatched = input.dispatched.find((entry) => entry.id === request.answerId);
        if (expected !== 'accepted') {
          if (input.dispatched.length > 0) report.wrong(`${request.kind}: reached the handler`);
          if (expected === null && responses.length > 0)
            report.wrong(`${request.kind}: answered ${show(responses[0])}`);
          if (expected !== null && reply && reply.error?.code !== expected)
            report.wrong(`${request.kind}: ${show(reply.error ?? reply)}, not ${expected}`);
          return;
        }
        const check = checkCode(request.method, request.params ?? {}, ready, input);
        if (check !== null) {
          if (dispatched) report.wrong(`${request.method}: reached the handler past ${check}`);
          else if (reply && reply.error?.code !== check)
            report.wrong(`${request.method}: ${show(reply.error ?? reply)}, not ${check}`);
          return;
        }
        if (!dispatched) return report.wrong(`${request.method}: passed every check but never reached the handler`);
        // A request the handler answered settles with that answer.
        const answer = outcomeReply(request.method, dispatched.outcome);
        if (reply && answer !== null) {
          if ('code' in answer && reply.error?.code !== answer.code)
            report.wrong(`${request.method}: ${show(reply.error ?? reply)}, not the handler's ${answer.code}`);
          if ('result' in answer && (!reply.ok || !sameValue(reply.result, answer.result)))
            report.wrong(`${request.method}: ${show(reply)}, not the handler's result ${show(answer.result)}`);
        }
      });
      expect(problems(tally)).toEqual(CLEAN);
      // Counts in equal counts out: one reply for each request with a readable id, none for the rest.
      expect(counts.replies).toBe(counts.answerable);
    },
    TIMEOUT_MS,
  );

  it(
    'the mock host answers every readable request once, in time, and never fails on its own (no INTERNAL)',
    async () => {
      let port = fakePort();
      let id = 0;
      const tally = await fuzzSurface('mock host', 12, async (random, report) => {
        if (id % 300 === 0) {
          port = fakePort();
          richMock(random, report).serve(port as unknown as MessagePort);
          deliver(port, {
            ns: 'nscard',
            v: 1,
            kind: 'req',
            id: ++id,
            method: 'host.ready',
            params: { sdkVersion: '1.3.0', protocol: 1 },
          });
        }
        port.replies.length = 0;
        const request = fuzzedRequest(random, ++id);
        deliver(port, request.value);
        await turns(3);
        // Past the longest wait a mock handler has (a port request's 120 s).
        vi.advanceTimersByTime(130_000);
        await turns(2);
        checkReplies(report, port.replies, request.answerId, request.method, (code) => code !== 'INTERNAL');
        // An envelope the parser refuses gets the code its mutation kind has, and no reply without a readable id.
        const expected = parseOutcome(request);
        if (expected === 'accepted') return;
        const responses = port.replies.filter((reply) => (reply as { kind?: unknown }).kind === 'res');
        const codes = responses.map((reply) => (reply as { error?: { code?: unknown } }).error?.code);
        if (!isDeepStrictEqual(codes, expected === null ? [] : [expected]))
          report.wrong(`${request.kind}: replies ${show(codes)}, not ${String(expected)}`);
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );
});
