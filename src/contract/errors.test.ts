import { describe, expect, it, vi } from 'vitest';
import {
  CARD_SDK_ERROR_CODES,
  CardSdkError,
  CODE_HINTS,
  ERROR_HINTS,
  isCardSdkError,
  isCardSdkErrorCode,
  type CardSdkErrorCode,
} from './errors.js';
import type { CardErrorPayload } from './errors.js';

describe('CardSdkError message format', () => {
  const rows: Array<[CardSdkErrorCode, string, string | undefined, string]> = [
    ['TIMEOUT', 'no answer in 50 ms', 'ui.toast', 'ui.toast: no answer in 50 ms [TIMEOUT]'],
    ['INTERNAL', 'boom', undefined, 'boom [INTERNAL]'],
    ['RATE_LIMITED', 'ui.toast: once per 2000 ms', 'ui.toast', 'ui.toast: once per 2000 ms [RATE_LIMITED]'],
    ['BUSY', 'ui.toaster is busy', 'ui.toast', 'ui.toast: ui.toaster is busy [BUSY]'],
    [
      'PERMISSION_DENIED',
      'agents.prompt needs agents.prompt',
      'agents.prompt',
      'agents.prompt needs agents.prompt [PERMISSION_DENIED] — Declare the permission in neurosquad-card.json ("permissions"), or ask for an optional one with card.permissions.request().',
    ],
    [
      'NOT_CONNECTED',
      'not connected',
      'agents.prompt',
      'agents.prompt: not connected [NOT_CONNECTED] — Draw an arrow between this card and the target card on the canvas.',
    ],
    [
      'NOT_VISIBLE',
      'card.focus needs the card on screen',
      undefined,
      'card.focus needs the card on screen [NOT_VISIBLE] — This needs the card on screen; try again when card.visibility is "visible".',
    ],
    [
      'NOT_READY',
      'call host.ready first',
      'x.y',
      'x.y: call host.ready first [NOT_READY] — Wait for connect() to resolve before calling the API.',
    ],
    [
      'PROTOCOL_MISMATCH',
      'protocol 2 is not 1',
      undefined,
      'protocol 2 is not 1 [PROTOCOL_MISMATCH] — This card needs a newer NeuroSquad — update the app.',
    ],
    [
      'HOST_NOT_ALLOWED',
      'h',
      undefined,
      'h [HOST_NOT_ALLOWED] — Add the host to the "network" permission\'s "hosts" (or use "network.local" for localhost).',
    ],
    [
      'BUDGET_PAUSED',
      'paused',
      undefined,
      'paused [BUDGET_PAUSED] — The workspace is over its budget; raise the limit in the Budget card.',
    ],
    ['FS_DENIED', 'no', undefined, 'no [FS_DENIED] — Use a path relative to the workspace folder, outside .git/.'],
  ];
  it.each(rows)('%s %j (method %s)', (code, hostMessage, method, expected) => {
    const error = new CardSdkError(code, hostMessage, undefined, method);
    expect(error.message).toBe(expected);
    expect(error.name).toBe('CardSdkError');
    expect(error.hostMessage).toBe(hostMessage);
    expect(error.method).toBe(method);
    expect(error.hint).toBe(ERROR_HINTS[code] ?? CODE_HINTS[code]);
    expect(error).toBeInstanceOf(Error);
  });
});

describe('CardSdkError hints', () => {
  it.each(CARD_SDK_ERROR_CODES)('%s has a hint', (code) => {
    const error = new CardSdkError(code, 'x', undefined, 'ports.emit');
    expect(error.hint).toMatch(/\w{3,}/);
    expect(error.hint).toBe(CODE_HINTS[code]);
    // Only the fixed hints of 1.3 are part of the message, so messages stay as they were.
    expect(error.message.includes(error.hint)).toBe(ERROR_HINTS[code] !== undefined);
  });

  it('takes a hint for this failure, shown in the message too', () => {
    const error = new CardSdkError('NOT_FOUND', 'no output port "x"', undefined, 'ports.emit', 'Declared: a, b.');
    expect(error.hint).toBe('Declared: a, b.');
    expect(error.message).toBe('ports.emit: no output port "x" [NOT_FOUND] — Declared: a, b.');
  });

  it('has a hint for a code only a newer host knows', () => {
    const error = CardSdkError.fromPayload({ code: 'SOMETHING_NEW', message: 'x' }, 'card.focus');
    expect(error.hint).toMatch(/documentation/);
    expect(error.message).toBe('card.focus: x [SOMETHING_NEW]');
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'looks up hints by own key only, so a code named %s gets the generic hint',
    (code) => {
      const error = CardSdkError.fromPayload({ code, message: 'x' }, 'card.focus');
      expect(error.hint).toBe('See the error code in the card SDK documentation.');
      expect(error.message).toBe(`card.focus: x [${code}]`);
    },
  );

  it('reads a message that is not a string as text, even one that cannot be printed', () => {
    const payload = { code: 'FS_ERROR', message: { toString: 1 } } as unknown as CardErrorPayload;
    expect(CardSdkError.fromPayload(payload).hostMessage).toBe('unprintable object');
  });
});

describe('CardSdkError members', () => {
  it('reads retryAfterMs, permission and issues from data', () => {
    expect(new CardSdkError('RATE_LIMITED', 'x', { retryAfterMs: 1200 }).retryAfterMs).toBe(1200);
    expect(new CardSdkError('RATE_LIMITED', 'x', { retryAfterMs: '1' }).retryAfterMs).toBeUndefined();
    expect(new CardSdkError('PERMISSION_DENIED', 'x', { permission: 'network' }).permission).toBe('network');
    expect(new CardSdkError('PERMISSION_DENIED', 'x', null).permission).toBeUndefined();
    const issues = [{ path: '/a', keyword: 'type', message: 'must be string' }];
    expect(new CardSdkError('INVALID_PARAMS', 'x', issues).issues).toBe(issues);
    expect(new CardSdkError('INVALID_PARAMS', 'x', { a: 1 }).issues).toBeUndefined();
  });

  it('serialises to the wire payload with the raw message', () => {
    expect(new CardSdkError('NOT_FOUND', 'no agent a1', { id: 'a1' }, 'agents.get').toJSON()).toEqual({
      code: 'NOT_FOUND',
      message: 'no agent a1',
      data: { id: 'a1' },
    });
    expect(JSON.parse(JSON.stringify(new CardSdkError('BUSY', 'busy')))).toEqual({ code: 'BUSY', message: 'busy' });
  });

  it('builds from a wire payload with the method', () => {
    const error = CardSdkError.fromPayload({ code: 'FS_ERROR', message: 'disk busy', data: [1] }, 'fs.read');
    expect(error.code).toBe('FS_ERROR');
    expect(error.method).toBe('fs.read');
    expect(error.message).toBe('fs.read: disk busy [FS_ERROR]');
    expect(error.issues).toEqual([1]);
  });
});

describe('isCardSdkError', () => {
  const error = new CardSdkError('NOT_CONNECTED', 'x');
  const rows: Array<[unknown, CardSdkErrorCode | undefined, boolean]> = [
    [error, undefined, true],
    [error, 'NOT_CONNECTED', true],
    [error, 'BUSY', false],
    [new Error('x'), undefined, false],
    [{ code: 'NOT_CONNECTED', name: 'CardSdkError' }, 'NOT_CONNECTED', false],
    [null, undefined, false],
  ];
  it.each(rows)('row %#', (value, code, expected) => {
    expect(isCardSdkError(value, code)).toBe(expected);
  });

  it('recognises an error made by another copy of the SDK (a vendored build beside the npm one)', async () => {
    vi.resetModules();
    const other = await import('./errors.js');
    expect(other.CardSdkError).not.toBe(CardSdkError);
    const foreign = new other.CardSdkError('NOT_CONNECTED', 'no arrow');
    expect(foreign instanceof CardSdkError).toBe(true);
    expect(isCardSdkError(foreign, 'NOT_CONNECTED')).toBe(true);
    expect(isCardSdkError(foreign, 'BUSY')).toBe(false);
    expect(other.isCardSdkError(new CardSdkError('BUSY', 'working'), 'BUSY')).toBe(true);
  });

  it('is not fooled by look-alikes, subclasses of Error or a proxy that throws', () => {
    class Other extends Error {}
    class Refusal extends CardSdkError {}
    const refusal = new Refusal('BUSY', 'working');
    expect(refusal instanceof Refusal && refusal instanceof CardSdkError).toBe(true);
    expect(error instanceof Refusal).toBe(false);
    expect(new Other('x') instanceof CardSdkError).toBe(false);
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(isCardSdkError(hostile)).toBe(false);
  });

  it('knows all 22 codes', () => {
    expect(CARD_SDK_ERROR_CODES).toHaveLength(22);
    expect(isCardSdkErrorCode('QUOTA_EXCEEDED')).toBe(true);
    expect(isCardSdkErrorCode('NOPE')).toBe(false);
  });
});
