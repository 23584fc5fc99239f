// Type tests of `@neurosquad/card-sdk/react`: hook results and handler parameters as cards use them.
import type { CardSdkError, JsonValue, PortMessage, ToolCall } from '@neurosquad/card-sdk';
import {
  useEmit,
  usePort,
  useStorage,
  useTool,
  type EmitState,
  type PortState,
  type StorageSetter,
  type StorageStatus,
  type ToolRegistration,
} from '@neurosquad/card-sdk/react';
import { expectTypeOf } from 'vitest';

expectTypeOf(useStorage<string>).returns.toEqualTypeOf<[string, StorageSetter<string>, StorageStatus]>();
expectTypeOf<StorageStatus['error']>().toEqualTypeOf<CardSdkError | null>();
expectTypeOf(usePort<string>).returns.toEqualTypeOf<PortState<string>>();
expectTypeOf<PortState<string>['value']>().toEqualTypeOf<string | undefined>();
expectTypeOf<PortState<string>['message']>().toEqualTypeOf<PortMessage<string> | null>();
expectTypeOf<PortState<JsonValue>['error']>().toEqualTypeOf<CardSdkError | null>();
expectTypeOf(useEmit<string>).returns.toEqualTypeOf<EmitState<string>>();
expectTypeOf<EmitState<string>['emit']>().toEqualTypeOf<(data: string) => Promise<number | undefined>>();
expectTypeOf(useTool).returns.toEqualTypeOf<ToolRegistration>();

// A tool handler annotated as card code writes it.
export function Tools(): null {
  useTool<{ filter?: string }>('run_tests', (args, call: ToolCall<{ filter?: string }>) => {
    call.progress(`running ${args.filter ?? 'all'}`);
    return call.signal.aborted ? 'cancelled' : 'ok';
  });
  return null;
}
