// Type tests of `@neurosquad/card-sdk/testing`: every record a card's test reads is typed.
import type { AttentionLevel, CardIcon, CardTone, JsonValue } from '@neurosquad/card-sdk';
import type { MockChrome, MockHost } from '@neurosquad/card-sdk/testing';
import { expectTypeOf } from 'vitest';

expectTypeOf<MockChrome['title']>().toEqualTypeOf<{ title: string | null } | null>();
expectTypeOf<NonNullable<MockChrome['status']>>().toHaveProperty('text').toEqualTypeOf<string | null>();
expectTypeOf<NonNullable<MockChrome['status']>['tone']>().toEqualTypeOf<CardTone | undefined>();
expectTypeOf<NonNullable<MockChrome['status']>['busy']>().toEqualTypeOf<boolean | undefined>();
expectTypeOf<NonNullable<MockChrome['badge']>>().toHaveProperty('count').toEqualTypeOf<number | null>();
expectTypeOf<NonNullable<MockChrome['badge']>>().toHaveProperty('text').toEqualTypeOf<string | null>();
expectTypeOf<NonNullable<MockChrome['overview']>['primary']>().toEqualTypeOf<string | null | undefined>();
expectTypeOf<NonNullable<MockChrome['overview']>['progress']>().toEqualTypeOf<number | null | undefined>();
expectTypeOf<NonNullable<MockChrome['overview']>['icon']>().toEqualTypeOf<CardIcon | null | undefined>();
expectTypeOf<NonNullable<MockChrome['attention']>>().toHaveProperty('level').toEqualTypeOf<AttentionLevel>();
expectTypeOf<NonNullable<MockChrome['attention']>['message']>().toEqualTypeOf<string | undefined>();
expectTypeOf<MockChrome['menu'][number]['label']>().toBeString();
expectTypeOf<MockChrome['menu'][number]['disabled']>().toEqualTypeOf<boolean | undefined>();
expectTypeOf<MockChrome['enabledTools']>().toEqualTypeOf<Record<string, boolean>>();

expectTypeOf<MockHost['deliveries'][number]>().toEqualTypeOf<{
  to: string;
  output: string;
  input: string;
  data: unknown;
}>();
expectTypeOf<MockHost['toasts'][number]['message']>().toBeString();
expectTypeOf<MockHost['calls'][number]['params']>().toEqualTypeOf<Record<string, unknown>>();
expectTypeOf<MockHost['prompts'][number]['delivered']>().toBeString();
expectTypeOf<MockHost['commands'][number]['command']>().toBeString();
expectTypeOf<MockHost['logs'][number]['message']>().toBeString();
expectTypeOf<ReturnType<MockHost['retained']['get']>>().toEqualTypeOf<{ data: unknown; at: number } | undefined>();
expectTypeOf<ReturnType<MockHost['storage']['instance']['get']>>().toEqualTypeOf<JsonValue | undefined>();
expectTypeOf<NonNullable<ReturnType<MockHost['files']['get']>>['data']>().toEqualTypeOf<Uint8Array>();
expectTypeOf<MockHost['clipboard']>().toEqualTypeOf<string[]>();
