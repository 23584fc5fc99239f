// @vitest-environment node
// Seeded fuzzing of the host side receiving card requests: the engine (serveCardPort) under a dispatcher that
// answers with junk, and the mock host's real handlers. Every readable request is answered exactly once, in time,
// with a result or a well-formed coded error; FUZZ_RUNS sets the size.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_SDK_ERROR_CODES, CardSdkError } from '../../src/contract/errors.js';
import { checkRequestHeader } from '../../src/contract/headers.js';
import { PERMISSION_IDS } from '../../src/contract/permissions.js';
import { serveCardPort, type CardHostBindings } from '../../src/host/engine.js';
import { createMockHost } from '../../src/testing/mock-host.js';
import { notePeer, sampleAgents, todoPeer, TEST_RADAR_MANIFEST } from '../../src/testing/fixtures.js';
import type { MockHost } from '../../src/testing/types.js';
import {
  CLEAN,
  describe as show,
  fuzzSurface,
  payloadProblem,
  problems,
  TIMEOUT_MS,
  turns,
  type Report,
} from './harness.js';
import { hostile, junk, STRINGS, type Random } from './junk.js';
import { fuzzedRequest } from './requests.js';

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

const KNOWN_CODES: ReadonlySet<string> = new Set(CARD_SDK_ERROR_CODES);

/** What a junk dispatcher does with one request: return or throw junk, now or later, or as a hostile thenable. */
function junkOutcome(random: Random): { value: unknown; thrownCode?: string } {
  const value = junk(random);
  switch (random.int(8)) {
    case 0:
      throw value;
    case 1: {
      const code = random.pick([...CARD_SDK_ERROR_CODES, ...STRINGS]);
      throw Object.assign(new Error('coded'), { code, data: random.int(2) ? junk(random) : undefined });
    }
    case 2:
      throw new CardSdkError(random.pick(CARD_SDK_ERROR_CODES), 'refused', random.int(2) ? value : undefined);
    case 3:
      return { value: Promise.reject(random.int(2) ? value : new CardSdkError('NOT_FOUND', 'none')) };
    case 4:
      return { value: Promise.resolve(value) };
    case 5:
      return {
        value: {
          then() {
            throw new Error('thenable');
          },
        },
      };
    case 6:
      return { value: hostile(random) };
    default:
      return { value };
  }
}

/** A host that dispatches every request to junk: grants everything, sometimes off screen. */
function junkBindings(random: Random, thrown: { code: string | null }): CardHostBindings {
  const grants = new Set<string>(PERMISSION_IDS);
  return {
    dispatch: (method, _params, request) => {
      if (random.int(6) === 0) request.afterReply(() => void junk(random));
      thrown.code = null;
      try {
        return junkOutcome(random).value;
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        thrown.code = typeof code === 'string' ? code : null;
        throw error;
      }
    },
    grants: () => grants,
    visibility: () => (random.int(8) === 0 ? 'hidden' : 'visible'),
  };
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
    'the engine answers every readable request once, with a result or a coded error, under a junk dispatcher',
    async () => {
      let port = fakePort();
      let id = 0;
      const thrown: { code: string | null } = { code: null };
      const tally = await fuzzSurface('host engine', 11, async (random, report) => {
        if (id % 200 === 0) {
          port = fakePort();
          serveCardPort(port as unknown as MessagePort, junkBindings(random, thrown));
          deliver(port, { ns: 'nscard', v: 1, kind: 'req', id: ++id, method: 'host.ready', params: {} });
        }
        port.replies.length = 0;
        thrown.code = null;
        const request = fuzzedRequest(random, ++id);
        deliver(port, request.value);
        await turns(2);
        vi.advanceTimersByTime(1000);
        // The dispatcher's own codes are forwarded as the spec says; anything else must be a known code.
        checkReplies(report, port.replies, request.answerId, request.method, (code) => {
          return KNOWN_CODES.has(code) || code === thrown.code;
        });
      });
      expect(problems(tally)).toEqual(CLEAN);
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
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );
});
