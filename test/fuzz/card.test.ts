// @vitest-environment node
// Seeded fuzzing of the card receiving host messages: a real Card over a port the test drives by hand answers its
// requests with mutated responses (junk codes, messages and data, hostile values no structured clone would pass)
// and sends it mutated events for every event of the protocol. Every call settles within its timeout, every
// refusal is a coded CardSdkError naming the method, and nothing the SDK runs throws or logs. FUZZ_RUNS sets the size.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES } from '../../src/contract/events.js';
import { METHOD_NAMES } from '../../src/contract/methods.js';
import { connect } from '../../src/client/connect.js';
import type { Card } from '../../src/client/card.js';
import { scriptedContext } from '../../src/transport/scripted-host.test-helper.js';
import {
  CLEAN,
  describe as show,
  fuzzSurface,
  problems,
  refusalProblem,
  sameValue,
  TIMEOUT_MS,
  turns,
} from './harness.js';
import { hostile, junk, mutate, mutateDeep, STRINGS, type Random } from './junk.js';
import { fuzzedParams } from './requests.js';

/** The card's end of a connection the test answers by hand. */
interface CardPort {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  start(): void;
  close(): void;
  readonly sent: Array<{ id: number; method: string }>;
}

function cardPort(): CardPort {
  const sent: CardPort['sent'] = [];
  return {
    sent,
    onmessage: null,
    postMessage: (message) => void sent.push(message as { id: number; method: string }),
    start: () => undefined,
    close: () => undefined,
  };
}

const TIMEOUT = 1000;

/** Plausible payloads of the events the SDK handles itself, for mutation. */
function eventPayload(random: Random, event: string): unknown {
  const deadline = Date.now() + random.pick([-1, 50, 5000]);
  switch (event) {
    case 'tools.call':
      return {
        callId: `call-${random.int(5)}`,
        tool: 'run_tests',
        args: { filter: 'x' },
        agent: { id: 'a' },
        deadline,
      };
    case 'tools.cancel':
      return { callId: `call-${random.int(5)}` };
    case 'ports.request':
      return { requestId: `req-${random.int(5)}`, from: 'note-1', input: 'run', data: 'x', deadline };
    case 'ports.message':
      return { from: 'note-1', fromKind: 'note', output: 'text', input: 'run', type: 'ns:trigger', data: {}, at: 1 };
    case 'net.chunk':
      return {
        requestId: 'fetch-1',
        chunk: 'aGk=',
        encoding: random.pick(['text', 'base64']),
        done: random.int(2) === 0,
      };
    case 'lifecycle.suspend':
      return { graceMs: random.pick([0, 10, 1000]) };
    case 'host.ping':
      return { seq: random.int(100) };
    case 'theme.changed':
      return scriptedContext().theme;
    case 'i18n.changed':
      return { language: random.pick(['en', 'ru', 'de']), locale: 'en-US' };
    case 'settings.changed':
      return { values: { command: 'x' }, secrets: { token: true } };
    case 'lifecycle.resized':
      return { w: 10, h: 20 };
    default:
      return junk(random);
  }
}

/**
 * A message as a port delivers it: a structured clone. Only the outermost value may also be one no clone would
 * pass (a proxy, a getter), for ports that hand values over as they are.
 */
function delivered(random: Random, value: unknown): unknown {
  if (random.int(10) === 0) return hostile(random);
  try {
    return structuredClone(value);
  } catch {
    return random.pick(STRINGS);
  }
}

/** A host event (mutated or junk) for every event of the protocol, or a name that is not one. */
function hostEvent(random: Random): unknown {
  const event = random.int(12) === 0 ? random.pick(STRINGS) : random.pick(EVENT_NAMES);
  const data = eventPayload(random, event);
  const envelope = { ns: 'nscard', v: 1, kind: 'evt', event, data: random.int(3) ? mutateDeep(random, data) : data };
  return delivered(random, random.int(6) === 0 ? mutate(random, envelope) : envelope);
}

/** A response to request `id`: a result, an error with junk fields, or a mutated envelope; `code` as sent. */
function hostResponse(random: Random, id: number): { value: unknown; code?: unknown } {
  const base = { ns: 'nscard', v: 1, kind: 'res', id };
  let value: Record<string, unknown>;
  switch (random.int(4)) {
    case 0:
      value = { ...base, ok: true, result: junk(random) };
      break;
    case 1:
      value = {
        ...base,
        ok: false,
        error: {
          code: random.pick(['NOT_FOUND', 'RATE_LIMITED', ...STRINGS]),
          message: junk(random),
          data: junk(random),
        },
      };
      break;
    case 2:
      value = { ...base, ok: false, error: junk(random) };
      break;
    default:
      value = mutate(random, { ...base, ok: false, error: { code: 'NOT_FOUND', message: 'x' } });
  }
  const message = delivered(random, value);
  let code: unknown;
  try {
    code = (message as { error?: { code?: unknown } }).error?.code;
  } catch {
    code = undefined;
  }
  return { value: message, code };
}

/** The answer a response is to request `id` (spec §3: a readable `res` envelope with its id), or null. */
type Answer = { ok: true; result: unknown } | { ok: false; code: string; data?: unknown };

function answerOf(message: unknown, id: number): Answer | null {
  try {
    const m = message as Record<string, unknown>;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) return null;
    if (m.ns !== 'nscard' || typeof m.v !== 'number' || m.kind !== 'res' || m.id !== id) return null;
    if (typeof m.ok !== 'boolean') return null;
    if (m.ok) return { ok: true, result: m.result };
    // An error without a readable non-empty code is INTERNAL; any other code is kept as sent.
    const error = m.error as Record<string, unknown> | null | undefined;
    let code = 'INTERNAL';
    let data: unknown;
    try {
      if (typeof error === 'object' && error !== null && !Array.isArray(error)) {
        const sent = error.code;
        if (typeof sent === 'string' && sent !== '') code = sent;
        data = error.data;
      }
    } catch {
      code = 'INTERNAL';
      data = undefined;
    }
    return { ok: false, code, data };
  } catch {
    return null;
  }
}

async function connectCard(port: CardPort): Promise<Card> {
  const pending = connect({ port, theme: false, syncLang: false, forwardErrors: false });
  await turns(1);
  const ready = port.sent.find((message) => message.method === 'host.ready');
  port.onmessage?.({ data: { ns: 'nscard', v: 1, kind: 'res', id: ready?.id, ok: true, result: scriptedContext() } });
  const card = await pending;
  card.tools.handle('run_tests', (args) => ({ content: [{ type: 'text', text: show(args) }] }));
  card.ports.onRequest('run', () => 'answer');
  card.ports.onMessage(() => undefined, { input: 'run' });
  card.ports.onMessage(() => undefined);
  card.lifecycle.onSuspend(() => new Promise((resolve) => setTimeout(resolve, 5)));
  for (const event of EVENT_NAMES) card.on(event, () => undefined);
  return card;
}

describe('fuzz: the card receiving host messages', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    'every call settles within its timeout as a result or a coded CardSdkError; events never make the SDK throw',
    async () => {
      let port = cardPort();
      let card: Card | null = null;
      const counts = { answered: 0, settledWithAnswer: 0 };
      const tally = await fuzzSurface('card receiving host messages', 21, async (random, report, input) => {
        if (!card || card.closed || input % 400 === 0) {
          card?.close();
          port = cardPort();
          card = await connectCard(port);
        }
        port.sent.length = 0;
        const method = random.pick(METHOD_NAMES);
        const params = random.int(4) === 0 ? hostile(random) : fuzzedParams(random, method);
        let outcome: { ok: boolean; value: unknown } | null = null;
        let call: Promise<unknown>;
        try {
          call = card.callUnchecked(method, params, { timeoutMs: TIMEOUT });
        } catch (error) {
          return report.crash(`${method} threw synchronously: ${show(error)} ${(error as Error).stack}`);
        }
        call.then(
          (value) => (outcome = { ok: true, value }),
          (error: unknown) => (outcome = { ok: false, value: error }),
        );
        const request = port.sent.find((message) => message.method === method);
        const codes: string[] = [];
        // The first answer the open card hears: the call must settle with it.
        let answer: Answer | null = null;
        for (let message = random.int(3); message >= 0; message -= 1) {
          if (request && random.int(3) > 0) {
            const response = hostResponse(random, random.int(8) ? request.id : request.id + 1);
            if (typeof response.code === 'string') codes.push(response.code);
            if (answer === null && !card.closed) answer = answerOf(response.value, request.id);
            port.onmessage?.({ data: response.value });
          } else port.onmessage?.({ data: hostEvent(random) });
        }
        await turns(2);
        // Whatever else the card asked in reply (tools.respond, host.pong, …) is answered, so slots free up.
        for (const other of port.sent.filter((message) => message !== request)) {
          const error = { code: 'UNAVAILABLE', message: 'x' };
          port.onmessage?.({ data: { ns: 'nscard', v: 1, kind: 'res', id: other.id, ok: false, error } });
        }
        vi.advanceTimersByTime(TIMEOUT + 10);
        await turns(2);
        const settled = outcome as { ok: boolean; value: unknown } | null;
        if (!settled) return report.hang(`${method} did not settle in ${TIMEOUT} ms`);
        if (answer !== null) {
          counts.answered += 1;
          const same = answer.ok
            ? settled.ok && sameValue(settled.value, answer.result)
            : !settled.ok &&
              (settled.value as { code?: unknown } | null)?.code === answer.code &&
              sameValue((settled.value as { data?: unknown }).data, answer.data);
          if (same) counts.settledWithAnswer += 1;
          else
            report.wrong(
              `${method}: answered ${show(answer)}, settled ${settled.ok ? 'with' : 'refused with'} ${show(settled.value)}`,
            );
        }
        if (!settled.ok) {
          // A code the host sent is kept as sent (a newer app's), as in 1.3.
          const problem = refusalProblem(settled.value, { method, extra: codes });
          if (problem) report.uncoded(`${method}: ${problem}`);
        }
      });
      expect(problems(tally)).toEqual(CLEAN);
      // Counts in equal counts out: every answered call settled with its answer.
      expect(counts.settledWithAnswer).toBe(counts.answered);
    },
    TIMEOUT_MS,
  );
});
