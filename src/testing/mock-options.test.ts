import { describe, expect, it } from 'vitest';
import { isCardSdkError } from '../contract/errors.js';
import { createMockHost } from './mock-host.js';
import { README_MANIFEST } from './fixtures.js';
import type { HostAnswer } from './index.js';

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('a handle() override that throws', () => {
  it('keeps the code, message and data of an Error with a code attached', async () => {
    const host = createMockHost({ manifest: README_MANIFEST });
    host.handle('agents.get', () => {
      throw Object.assign(new Error('Claude Code is not connected'), { code: 'NOT_CONNECTED', data: { id: 'a1' } });
    });
    const card = await host.connect();
    const error = await rejectionOf(card.agents.get('a1'));
    expect(isCardSdkError(error, 'NOT_CONNECTED')).toBe(true);
    expect(error).toMatchObject({
      hostMessage: 'Claude Code is not connected',
      data: { id: 'a1' },
      method: 'agents.get',
    });
  });

  it('keeps the code, message and data of a plain { code, message, data }', async () => {
    const host = createMockHost({ manifest: README_MANIFEST });
    host.handle('agents.list', () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a plain { code, message, data } is what this test throws
      throw { code: 'RATE_LIMITED', message: 'slow down', data: { retryAfterMs: 1500 } };
    });
    const card = await host.connect();
    const error = await rejectionOf(card.agents.list());
    expect(isCardSdkError(error, 'RATE_LIMITED')).toBe(true);
    expect(error).toMatchObject({ hostMessage: 'slow down', retryAfterMs: 1500 });
  });

  it('turns a code-less exception into INTERNAL', async () => {
    const host = createMockHost({ manifest: README_MANIFEST });
    host.handle('agents.list', () => {
      throw new Error('boom');
    });
    const card = await host.connect();
    const error = await rejectionOf(card.agents.list());
    expect(isCardSdkError(error, 'INTERNAL')).toBe(true);
    expect(error).toMatchObject({ hostMessage: 'boom' });
  });
});

describe('the context option', () => {
  it('gives an i18n with only a language the locale of the fixed table', async () => {
    const card = await createMockHost({ manifest: README_MANIFEST, context: { i18n: { language: 'ru' } } }).connect();
    expect(card.context.i18n).toEqual({ language: 'ru', locale: 'ru-RU' });
  });

  it('keeps a locale given with the language, and a workspace as given', async () => {
    const workspace = { id: 'w-7', name: 'Acme' };
    const host = createMockHost({
      manifest: README_MANIFEST,
      context: { i18n: { language: 'zh', locale: 'zh-TW' }, workspace },
    });
    const card = await host.connect();
    expect(card.context.i18n).toEqual({ language: 'zh', locale: 'zh-TW' });
    expect(card.context.workspace).toEqual(workspace);
    await expect(card.getWorkspace()).resolves.toEqual(workspace);
  });
});

describe('the onAnswer option', () => {
  it('sees each answer the card got, a refusal with its code, and the time it took', async () => {
    const answers: HostAnswer[] = [];
    const host = createMockHost({ manifest: README_MANIFEST, grant: [], onAnswer: (answer) => answers.push(answer) });
    const card = await host.connect();
    await card.storage.set('count', 3);
    await rejectionOf(card.agents.list());
    const seen = answers.map(({ method, result, error, ms }) => ({ method, result, code: error?.code, ms }));
    expect(seen.slice(-2)).toEqual([
      { method: 'storage.set', result: undefined, code: undefined, ms: expect.any(Number) },
      { method: 'agents.list', result: undefined, code: 'PERMISSION_DENIED', ms: expect.any(Number) },
    ]);
    expect(answers[0]?.method).toBe('host.ready');
  });
});
