// A card typed from its manifest (src/neurosquad-card.d.ts): declared names are accepted with the value types
// they declare; undeclared names and wrong values do not compile. Compiled against the built declarations.
import type { Card, JsonArray, JsonObject, JsonValue, PortMessage, PortTask, PortTable } from '@neurosquad/card-sdk';
import { expectTypeOf } from 'vitest';

type Hits = { title: string; score: number }[];

export async function ports(card: Card): Promise<void> {
  // emit: every port type's value.
  await card.ports.emit('any', { anything: [1, 'two'] });
  await card.ports.emit('text', 'hello');
  await card.ports.emit('markdown', '# Title');
  await card.ports.emit('number', 3);
  await card.ports.emit('boolean', true);
  await card.ports.emit('json', { a: 1 });
  await card.ports.emit('json', [1, 2]);
  await card.ports.emit('url', 'https://example.com');
  await card.ports.emit('image', { mimeType: 'image/png', data: 'iVBOR' });
  await card.ports.emit('file-ref', { path: 'src/a.ts', line: 3 });
  await card.ports.emit('task', { text: 'Write', status: 'active' });
  await card.ports.emit('tasks', [{ text: 'Write' }]);
  await card.ports.emit('task-patch', { ref: 't1', status: 'done' });
  await card.ports.emit('table', { columns: ['a'], rows: [[1]] });
  await card.ports.emit('event', { type: 'saved', data: { id: 1 } });
  await card.ports.emit('trigger', {});
  await card.ports.emit('trigger', null);
  await card.ports.emit('weather', { city: 'Oslo', unit: 'C', reading: null, tags: ['cold'] });
  // @ts-expect-error: a misspelt output id
  await card.ports.emit('txet', 'hello');
  // @ts-expect-error: a number on a text output
  await card.ports.emit('text', 3);
  // @ts-expect-error: ns:json takes objects and arrays, not strings
  await card.ports.emit('json', 'text');
  // @ts-expect-error: a task needs its text
  await card.ports.emit('task', { status: 'done' });
  // @ts-expect-error: a task status outside the four
  await card.ports.emit('tasks', [{ text: 'a', status: 'later' }]);
  // @ts-expect-error: ns:trigger carries no fields
  await card.ports.emit('trigger', { now: true });
  // @ts-expect-error: the custom type's enum
  await card.ports.emit('weather', { city: 'Oslo', unit: 'K' });
  // @ts-expect-error: the custom type's required property
  await card.ports.emit('weather', { unit: 'C' });
  // @ts-expect-error: additionalProperties: false
  await card.ports.emit('weather', { city: 'Oslo', unit: 'C', wind: 3 });
  // @ts-expect-error: an input is not an output
  await card.ports.emit('go', null);

  // send: the same names and values, to one peer.
  await card.ports.send('card-2', 'table', { columns: ['a'], rows: [['x', 1, true, null]] }, { input: 'any' });
  // @ts-expect-error: a misspelt output id
  await card.ports.send('card-2', 'tabel', { columns: [], rows: [] });
  // @ts-expect-error: a table's rows are rows of cells
  await card.ports.send('card-2', 'table', { columns: ['a'], rows: ['x'] });

  // onMessage: the input names the value type; without one, any stream input's value.
  card.ports.onMessage(
    (data, message) => {
      expectTypeOf(data).toEqualTypeOf<PortTask[]>();
      expectTypeOf(message).toEqualTypeOf<PortMessage<PortTask[]>>();
    },
    { input: 'tasks' },
  );
  card.ports.onMessage((data) => expectTypeOf(data).toEqualTypeOf<string>(), { input: 'text' });
  card.ports.onMessage((data) => {
    expectTypeOf(data).toEqualTypeOf<string | PortTask[] | Record<string, never> | null>();
  });
  // @ts-expect-error: a misspelt input id
  card.ports.onMessage(() => undefined, { input: 'taks' });
  // @ts-expect-error: a request input gets no messages
  card.ports.onMessage(() => undefined, { input: 'lookup' });
  // @ts-expect-error: the text input's value is not a number
  card.ports.onMessage((data: number) => data, { input: 'text' });

  // onRequest: the data and the declared response.
  card.ports.onRequest('lookup', (query, request) => {
    expectTypeOf(query).toEqualTypeOf<string>();
    expectTypeOf(request.deadline).toEqualTypeOf<number>();
    return [{ title: query, score: 1 }];
  });
  card.ports.onRequest('lookup', async () => [] as Hits);
  // @ts-expect-error: a stream input takes no requests
  card.ports.onRequest('text', () => 'x');
  // @ts-expect-error: a misspelt request input
  card.ports.onRequest('lokup', () => []);
  // @ts-expect-error: the answer must be the declared response
  card.ports.onRequest('lookup', () => 'no hits');

  // read: this card's own retained outputs by name; a peer's output with an explicit type.
  const own = await card.ports.read('card-1', 'tasks');
  expectTypeOf(own).toEqualTypeOf<{ data: PortTask[]; at: number } | null>();
  const peer = await card.ports.read<{ text: string }[]>('todo-1', 'items');
  expectTypeOf(peer?.data).toEqualTypeOf<{ text: string }[] | undefined>();
  // @ts-expect-error: without a type argument the name must be a declared output
  await card.ports.read('card-1', 'items');
}

export function tools(card: Card): void {
  card.tools.handle('add_task', (args, call) => {
    expectTypeOf(args).toEqualTypeOf<{ text: string; due?: number }>();
    expectTypeOf(call.args).toEqualTypeOf<{ text: string; due?: number } | undefined>();
    return `added ${args.text}`;
  });
  card.tools.handle('set_mode', ({ mode }) => expectTypeOf(mode).toEqualTypeOf<'list' | 'board'>());
  card.tools.handle('clear', (args) => expectTypeOf(args).toEqualTypeOf<Record<string, never>>());
  // @ts-expect-error: a tool the manifest does not declare
  card.tools.handle('add_tsak', () => 'ok');
  // @ts-expect-error: reading an argument the schema does not have
  card.tools.handle('add_task', (args) => args.title);
  void card.tools.setEnabled('clear', false);
  // @ts-expect-error: setEnabled takes declared tools only
  void card.tools.setEnabled('reset', false);
}

export async function settings(card: Card): Promise<void> {
  expectTypeOf(card.settings.value('title')).toEqualTypeOf<string | undefined>();
  expectTypeOf(card.settings.value('intro')).toEqualTypeOf<string | undefined>();
  expectTypeOf(card.settings.value('limit')).toEqualTypeOf<number | undefined>();
  expectTypeOf(card.settings.value('compact')).toEqualTypeOf<boolean | undefined>();
  expectTypeOf(card.settings.value('mode')).toEqualTypeOf<'list' | 'board' | undefined>();
  expectTypeOf(card.settings.value('accent')).toEqualTypeOf<string | undefined>();
  expectTypeOf(card.settings.values.limit).toEqualTypeOf<number>();
  expectTypeOf(card.settings.hasSecret('token')).toEqualTypeOf<boolean>();
  expectTypeOf(card.settings.secrets.token).toEqualTypeOf<boolean>();
  await card.settings.set({ mode: 'board', limit: 20 });
  // @ts-expect-error: a misspelt setting key
  card.settings.value('titel');
  // @ts-expect-error: a secret's value never reaches the card
  card.settings.value('token');
  // @ts-expect-error: not a secret setting
  card.settings.hasSecret('title');
  // @ts-expect-error: a select takes one of its options
  await card.settings.set({ mode: 'grid' });
  // @ts-expect-error: a number setting takes numbers
  await card.settings.set({ limit: '20' });
}

export async function storage(card: Card): Promise<void> {
  expectTypeOf(await card.storage.get('notes')).toEqualTypeOf<string | undefined>();
  expectTypeOf(await card.storage.get('seen', [])).toEqualTypeOf<number[]>();
  expectTypeOf(await card.storage.package.get('notes', '')).toEqualTypeOf<string>();
  await card.storage.set('notes', 'hello');
  await card.storage.set('seen', [1, 2]);
  // @ts-expect-error: a storage key the card did not declare
  await card.storage.get('note');
  // @ts-expect-error: notes are strings
  await card.storage.set('notes', 3);
  // @ts-expect-error: the fallback has the key's type
  await card.storage.get('seen', 'none');
}

// The SDK types the generated file names are the ones the card imports.
expectTypeOf<JsonObject | JsonArray>().toMatchTypeOf<JsonValue>();
expectTypeOf<PortTable['rows']>().toEqualTypeOf<Array<Array<string | number | boolean | null>>>();
