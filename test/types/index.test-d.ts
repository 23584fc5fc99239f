// Type tests of `@neurosquad/card-sdk`: the shapes card code annotates. Compiled by `tsc -p test/types`.
import {
  CardSdkError,
  type Card,
  type CardEvents,
  type JsonObject,
  type ToolAgent,
  type ToolCall,
  type ToolCallContext,
  type ToolCallRequest,
  type ToolHandler,
} from '@neurosquad/card-sdk';
import { expectTypeOf } from 'vitest';

// A handler's second parameter is a `ToolCall`: the call context, with `args` optional. It is also a plain
// `ToolCall`, whatever the handler's arguments (an interface without an index signature included).
expectTypeOf<Parameters<ToolHandler<{ filter?: string }>>[1]>().toExtend<ToolCall<{ filter?: string }>>();
expectTypeOf<Parameters<ToolHandler<{ filter?: string }>>[1]>().toExtend<ToolCall>();
interface NoteArgs {
  title: string;
}
expectTypeOf<Parameters<ToolHandler<NoteArgs>>[1]>().toExtend<ToolCall>();
expectTypeOf<Parameters<ToolHandler<NoteArgs>>[1]['args']>().toEqualTypeOf<(NoteArgs & JsonObject) | undefined>();
expectTypeOf<ToolCall>().toHaveProperty('signal').toEqualTypeOf<AbortSignal>();
expectTypeOf<ToolCall>().toHaveProperty('progress').toEqualTypeOf<(message: string) => void>();
expectTypeOf<ToolCall>().toHaveProperty('agent').toEqualTypeOf<ToolAgent>();
expectTypeOf<ToolCall>().toHaveProperty('deadline').toBeNumber();
expectTypeOf<ToolCall['args']>().toEqualTypeOf<JsonObject | undefined>();
expectTypeOf<ToolCallContext>().toEqualTypeOf<ToolCall>();

// The `tools.call` event carries the arguments (required) and no signal.
expectTypeOf<CardEvents['tools.call']>().toEqualTypeOf<ToolCallRequest>();
expectTypeOf<ToolCallRequest['args']>().toEqualTypeOf<JsonObject>();

// A handler annotated as card code writes it is accepted by `card.tools.handle`.
export function registerTools(card: Card): () => void {
  return card.tools.handle('summary', async (_args, call: ToolCall) => {
    call.progress('working');
    return `${call.tool} for ${call.agent.name}`;
  });
}

// Every error carries a hint.
expectTypeOf<CardSdkError['hint']>().toEqualTypeOf<string>();
