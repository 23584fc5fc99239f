// A card without the generated declaration file: `Register` is not augmented, so names are plain strings and
// values are `unknown`, `JsonValue` or the type argument, exactly as cards written against SDK 1.3 expect.
import type { Card, JsonObject, JsonValue, PortMessage, SettingValue } from '@neurosquad/card-sdk';
import { useEmit, usePort, usePortQuery, useSettings, useStorage } from '@neurosquad/card-sdk/react';
import { expectTypeOf } from 'vitest';

export async function untyped(card: Card, output: string): Promise<void> {
  await card.ports.emit(output, { any: 'value' });
  await card.ports.send('card-2', output, 1, { input: 'text' });
  card.ports.onMessage((data, message) => {
    expectTypeOf(data).toEqualTypeOf<JsonValue>();
    expectTypeOf(message).toEqualTypeOf<PortMessage<JsonValue>>();
  });
  card.ports.onMessage<string>((text) => expectTypeOf(text).toEqualTypeOf<string>(), { input: output });
  card.ports.onRequest<string>('lookup', (query) => query.length);
  expectTypeOf(await card.ports.read('card-2', output)).toEqualTypeOf<{ data: JsonValue; at: number } | null>();
  card.tools.handle('any_tool', (args) => expectTypeOf(args).toEqualTypeOf<JsonObject>());
  card.tools.handle<{ since?: number }>('other', (args) => args.since);
  expectTypeOf(card.settings.value('anything')).toEqualTypeOf<SettingValue | undefined>();
  expectTypeOf(card.settings.value<number>('limit')).toEqualTypeOf<number | undefined>();
  expectTypeOf(card.settings.values).toEqualTypeOf<Record<string, SettingValue>>();
  expectTypeOf(card.settings.hasSecret('token')).toEqualTypeOf<boolean>();
  expectTypeOf(await card.storage.get('notes')).toEqualTypeOf<JsonValue | undefined>();
  expectTypeOf(await card.storage.get('notes', '')).toEqualTypeOf<string>();
  await card.storage.set('notes', { any: 1 });
}

export function Untyped(): null {
  expectTypeOf(useEmit('summary').emit).parameter(0).toEqualTypeOf<unknown>();
  expectTypeOf(useEmit<string>('summary').emit).parameter(0).toEqualTypeOf<string>();
  expectTypeOf(usePort('text').value).toEqualTypeOf<JsonValue | undefined>();
  expectTypeOf(usePortQuery('peer', 'lookup', { q: 1 }).data).toEqualTypeOf<JsonValue | undefined>();
  expectTypeOf(useSettings().values).toEqualTypeOf<Record<string, SettingValue>>();
  expectTypeOf(useStorage('notes', '')[0]).toEqualTypeOf<string>();
  return null;
}
