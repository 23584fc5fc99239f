// The React hooks of a card typed from its manifest: declared names infer their value types, undeclared names
// and wrong values do not compile.
import type { CardSdkError, PortMessage, PortTask } from '@neurosquad/card-sdk';
import {
  useEmit,
  usePort,
  usePortQuery,
  usePortRequest,
  useSettings,
  useStorage,
  useTool,
  type StorageSetter,
} from '@neurosquad/card-sdk/react';
import { expectTypeOf } from 'vitest';

type Hits = { title: string; score: number }[];

export function Ports(): null {
  const { emit } = useEmit('weather');
  void emit({ city: 'Oslo', unit: 'F' });
  // @ts-expect-error: the custom type's enum
  void emit({ city: 'Oslo', unit: 'K' });
  expectTypeOf(useEmit('tasks').emit).parameter(0).toEqualTypeOf<PortTask[]>();
  // @ts-expect-error: a misspelt output id
  useEmit('wether');

  const tasks = usePort('tasks');
  expectTypeOf(tasks.value).toEqualTypeOf<PortTask[] | undefined>();
  expectTypeOf(tasks.message).toEqualTypeOf<PortMessage<PortTask[]> | null>();
  expectTypeOf(usePort('text').value).toEqualTypeOf<string | undefined>();
  expectTypeOf(usePort().value).toEqualTypeOf<string | PortTask[] | Record<string, never> | null | undefined>();
  // @ts-expect-error: a misspelt input id
  usePort('txt');
  // @ts-expect-error: a request input gets no messages
  usePort('lookup');

  usePortRequest('lookup', (query, request) => {
    expectTypeOf(query).toEqualTypeOf<string>();
    expectTypeOf(request.signal).toEqualTypeOf<AbortSignal>();
    return [{ title: query, score: 0.5 }];
  });
  // @ts-expect-error: the answer must be the declared response
  usePortRequest('lookup', () => [{ title: 'x' }]);
  // @ts-expect-error: a stream input takes no requests
  usePortRequest('tasks', () => null);

  // Another card of this package answers the same request input.
  const hits = usePortQuery('card-2', 'lookup', 'rain');
  expectTypeOf(hits.data).toEqualTypeOf<Hits | undefined>();
  expectTypeOf(hits.error).toEqualTypeOf<CardSdkError | null>();
  // @ts-expect-error: the request data is the input's type (ns:text)
  usePortQuery('card-2', 'lookup', 42);
  // @ts-expect-error: without a type argument the input must be a declared request input
  usePortQuery('card-2', 'search', 'rain');
  // A peer's own request input, with its answer type given.
  expectTypeOf(usePortQuery<string[]>('search-card', 'search', { q: 'rain' }).data).toEqualTypeOf<
    string[] | undefined
  >();
  return null;
}

export function Tools(): null {
  useTool('add_task', (args, call) => {
    expectTypeOf(args).toEqualTypeOf<{ text: string; due?: number }>();
    call.progress(`adding ${args.text}`);
    return 'ok';
  });
  useTool('set_mode', ({ mode }) => mode);
  useTool('clear', () => 'cleared');
  // @ts-expect-error: a tool the manifest does not declare
  useTool('clear_all', () => 'ok');
  // @ts-expect-error: an argument the schema does not have
  useTool('set_mode', (args) => args.view);
  return null;
}

export function Settings(): null {
  const settings = useSettings();
  expectTypeOf(settings.values.title).toEqualTypeOf<string>();
  expectTypeOf(settings.values.intro).toEqualTypeOf<string | undefined>();
  expectTypeOf(settings.values.mode).toEqualTypeOf<'list' | 'board'>();
  expectTypeOf(settings.values.limit).toEqualTypeOf<number>();
  expectTypeOf(settings.values.compact).toEqualTypeOf<boolean>();
  expectTypeOf(settings.hasSecret('token')).toEqualTypeOf<boolean>();
  void settings.set({ compact: true });
  // @ts-expect-error: a misspelt setting key
  void settings.values.titel;
  // @ts-expect-error: a select takes one of its options
  void settings.set({ mode: 'grid' });
  // @ts-expect-error: not a secret setting
  settings.hasSecret('mode');
  return null;
}

export function Storage(): null {
  const [notes, setNotes] = useStorage('notes', '');
  expectTypeOf(notes).toEqualTypeOf<string>();
  expectTypeOf(setNotes).toEqualTypeOf<StorageSetter<string>>();
  void setNotes((previous) => `${previous}!`);
  const [seen] = useStorage('seen', [], { scope: 'package' });
  expectTypeOf(seen).toEqualTypeOf<number[]>();
  // @ts-expect-error: a storage key the card did not declare
  useStorage('draft', '');
  // @ts-expect-error: the fallback has the key's type
  useStorage('notes', 0);
  return null;
}
