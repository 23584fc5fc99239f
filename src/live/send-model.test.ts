// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../index.js';
import { createSendModel } from './send-model.js';

describe('createSendModel', () => {
  it('shows a send in flight, its result, and a failure without rejecting', async () => {
    let fail = false;
    const send = createSendModel(async (text: string) => {
      await Promise.resolve();
      if (fail) throw new CardSdkError('INVALID_PARAMS', 'bad data');
      return text.length;
    }, 'ports.emit');
    const states: boolean[] = [];
    send.subscribe(() => states.push(send.getSnapshot().isPending));
    expect(send.getSnapshot()).toMatchObject({ pending: false, isPending: false, error: null, data: undefined });
    const running = send.run('four');
    expect(send.getSnapshot().isPending).toBe(true);
    await expect(running).resolves.toBe(4);
    expect(send.getSnapshot()).toMatchObject({ isPending: false, isSuccess: true, data: 4 });
    fail = true;
    await expect(send.run('x')).resolves.toBeUndefined();
    expect(send.getSnapshot()).toMatchObject({ isError: true, data: undefined });
    expect(send.getSnapshot().error?.code).toBe('INVALID_PARAMS');
    expect(states).toEqual([true, false, true, false]);
  });

  it('keeps the state of the latest run when an earlier one ends later', async () => {
    const waits: Array<() => void> = [];
    const send = createSendModel((n: number) => new Promise<number>((resolve) => waits.push(() => resolve(n))), 'x');
    const first = send.run(1);
    const second = send.run(2);
    waits[1]?.();
    await second;
    waits[0]?.();
    await first;
    expect(send.getSnapshot().data).toBe(2);
  });

  it('names the method in a plain failure', async () => {
    const send = createSendModel(() => Promise.reject(new Error('boom')), 'ports.emit');
    await send.run(undefined);
    expect(send.getSnapshot().error).toMatchObject({ code: 'INTERNAL', hostMessage: 'boom', method: 'ports.emit' });
  });
});
