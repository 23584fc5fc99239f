import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AgentTurnEvent, CardInstance, PortMessage, PortReadResult } from '../contract/types.js';
import { connectScripted } from './card.test-helper.js';
import type { CardResponse } from './net-response.js';

interface Task {
  text: string;
  status?: 'pending' | 'done';
}

describe('typed card surface', () => {
  it('types call and on by name, and carries the generics the docs show', async () => {
    const { host, card } = await connectScripted();
    host.on('card.getInfo', () => ({ instanceId: 'card-1' }));
    host.on('storage.get', () => ({ exists: true, value: { text: 'a' } }));

    const info = card.call('card.getInfo');
    expectTypeOf(info).resolves.toEqualTypeOf<CardInstance>();
    // @ts-expect-error params are checked against the method's type
    void card.call('card.setTitle', { title: 5 }).catch(() => undefined);
    // @ts-expect-error unknown method names go through callUnchecked
    void card.call('card.nothing').catch(() => undefined);
    const off = card.on('agents.turn', (turn) => expectTypeOf(turn).toEqualTypeOf<AgentTurnEvent>());
    // @ts-expect-error event names are checked
    card.on('agents.nothing', () => undefined);

    card.ports.onMessage<Task>((task, message) => {
      expectTypeOf(task).toEqualTypeOf<Task>();
      expectTypeOf(message).toEqualTypeOf<PortMessage<Task>>();
    });
    card.ports.onRequest<string>('lookup', (query) => expectTypeOf(query).toEqualTypeOf<string>());
    // Type-level checks only: the methods are never called unbound.
    /* eslint-disable @typescript-eslint/unbound-method */
    expectTypeOf(card.ports.request<{ hits: string[] }>).returns.resolves.toEqualTypeOf<{ hits: string[] }>();
    expectTypeOf(card.ports.read<Task[]>).returns.resolves.toEqualTypeOf<PortReadResult<Task[]> | null>();
    /* eslint-enable @typescript-eslint/unbound-method */
    card.tools.handle<{ filter?: string }>('run_tests', (args) =>
      expectTypeOf(args).toEqualTypeOf<{ filter?: string }>(),
    );
    const stored = card.storage.get<Task>('task', { text: '' });
    expectTypeOf(stored).resolves.toEqualTypeOf<Task>();
    const readPackage = () => card.storage.package.get<Task>('task');
    expectTypeOf(readPackage).returns.resolves.toEqualTypeOf<Task | undefined>();

    const readJson = (res: CardResponse) => expectTypeOf(res.json<Task[]>()).resolves.toEqualTypeOf<Task[]>();
    expectTypeOf(readJson).parameter(0).toEqualTypeOf<CardResponse>();

    await expect(info).resolves.toEqual({ instanceId: 'card-1' });
    await expect(stored).resolves.toEqual({ text: 'a' });
    off();
    card.close();
  });
});
