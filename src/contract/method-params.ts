// The params schema of every method: what the client checks before sending, and the host again on receipt.
// Built on first use and kept apart from the host's rules (permissions, throttles), which a card never reads.
import {
  ATTENTION_LEVELS,
  CARD_ICONS,
  CARD_TONES,
  LOG_LEVELS,
  SPAWN_KINDS,
  STORAGE_SCOPES,
  USAGE_PERIODS,
} from './constants.js';
import { SUBSCRIBABLE_TOPICS } from './events.js';
import * as LIMITS from './limit-values.js';
import type { MethodName } from './methods.js';
import { PERMISSION_IDS } from './permissions.js';
import type { JsonSchema } from './types.js';

// ---- schema building blocks (one line per rule of the table) ----

// A building block may leave a keyword `undefined`; the table is copied through JSON once, which drops them.

/** A closed object; bit `i` of `required` marks the `i`-th property as required. */
const object = (properties: Record<string, JsonSchema>, required = 0): JsonSchema => {
  const names = Object.keys(properties).filter((_, i) => required & (1 << i));
  return { type: 'object', properties, required: names[0] ? names : undefined, additionalProperties: false };
};
const str = (maxLength: number, minLength?: number): JsonSchema => ({ type: 'string', minLength, maxLength });
const int = (minimum: number, maximum?: number): JsonSchema => ({ type: 'integer', minimum, maximum });
const oneOfStrings = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: values });
// An enum must list null too, or `null` passes `type` and then fails `enum`.
const orNull = (schema: JsonSchema): JsonSchema => ({
  ...schema,
  type: [schema.type as 'string', 'null'],
  enum: schema.enum && [...schema.enum, null],
});
const list = (items: JsonSchema, maxItems: number, minItems?: number, uniqueItems?: true): JsonSchema => ({
  type: 'array',
  minItems,
  maxItems,
  uniqueItems,
  items,
});
const uri = (maxLength: number): JsonSchema => ({ type: 'string', format: 'uri', maxLength });
const bool: JsonSchema = { type: 'boolean' };
const anyJson: JsonSchema = {};
/** "∅": no params at all (an empty object, or null). */
const empty: JsonSchema = { type: ['object', 'null'], maxProperties: 0 };
/** Base64 length of `bytes` raw bytes, plus slack for padding. */
const base64Chars = (bytes: number): number => Math.ceil((bytes * 4) / 3) + 4;

function buildTable(): Readonly<Record<MethodName, JsonSchema>> {
  const id = str(128, 1);
  const tone = oneOfStrings(CARD_TONES);
  const icon = oneOfStrings(CARD_ICONS);
  const dangerTone = oneOfStrings(['default', 'danger']);
  const scope = oneOfStrings(STORAGE_SCOPES);
  const storageKey = str(LIMITS.storageKeyChars, 1);
  const portId = str(32, 1);
  const path = str(1024);
  const epochMs = int(0, 8.64e12);
  const requestId = str(64, 1);
  const encoding = oneOfStrings(['utf8', 'base64']);
  const topics = (unique?: true): JsonSchema => list(oneOfStrings(SUBSCRIBABLE_TOPICS), 8, 1, unique);
  const agentWindow = object({ agentId: id, since: epochMs, until: epochMs }, 0b11);
  const storageKeyed = object({ scope, key: storageKey }, 0b11);
  const scoped = object({ scope }, 0b1);
  const agentOnly = object({ agentId: id }, 0b1);
  const pathOnly = object({ path }, 0b1);
  const toolResult = object(
    {
      content: list(
        {
          anyOf: [
            object({ type: { const: 'text' }, text: str(LIMITS.toolResultBytes) }, 0b11),
            object(
              {
                type: { const: 'image' },
                data: str(LIMITS.toolResultBytes, 1),
                mimeType: oneOfStrings(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
              },
              0b111,
            ),
          ],
        },
        16,
        1,
      ),
      isError: bool,
    },
    0b1,
  );

  return {
    // host / events
    'host.ready': object({ sdkVersion: str(32, 1), protocol: int(1) }, 0b11),
    'host.capabilities': empty,
    'host.log': object({ level: oneOfStrings(LOG_LEVELS), message: str(LIMITS.logLineChars) }, 0b11),
    'host.pong': object({ seq: int(0) }, 0b1),
    'events.subscribe': object({ topics: topics(true), agentIds: list(id, 64) }, 0b1),
    'events.unsubscribe': object({ topics: topics() }, 0b1),
    // card chrome and window
    'card.getInfo': empty,
    'card.setTitle': object({ title: orNull(str(LIMITS.titleChars)) }, 0b1),
    'card.setStatus': object({ text: orNull(str(LIMITS.statusChars)), tone, busy: bool }),
    'card.setBadge': object({ count: orNull(int(0, 1_000_000)), text: orNull(str(12)), tone }),
    'card.setOverview': object({
      primary: orNull(str(LIMITS.overviewChars)),
      secondary: orNull(str(LIMITS.overviewChars)),
      progress: { type: ['number', 'null'], minimum: 0, maximum: 1 },
      tone,
      icon: orNull(icon),
    }),
    'card.attention': object({ level: oneOfStrings(ATTENTION_LEVELS), message: str(LIMITS.statusChars * 2) }, 0b1),
    'card.requestResize': object({ w: int(1, 10_000), h: int(1, 10_000) }, 0b11),
    'card.openLink': object({ url: uri(2048) }, 0b1),
    'card.focus': object({ cardId: id }, 0b1),
    'card.spawn': object(
      { kind: oneOfStrings(SPAWN_KINDS), title: str(LIMITS.titleChars), connect: bool, init: anyJson },
      0b1,
    ),
    // ui
    'ui.toast': object({ message: str(LIMITS.toastChars, 1), tone, durationMs: int(1000, 15_000) }, 0b1),
    'ui.confirm': object(
      {
        title: str(LIMITS.titleChars, 1),
        message: str(LIMITS.confirmChars),
        confirmLabel: str(40, 1),
        cancelLabel: str(40, 1),
        tone: dangerTone,
      },
      0b11,
    ),
    'ui.setMenu': object(
      {
        items: list(
          object({ id: str(64, 1), label: str(60, 1), icon, tone: dangerTone, disabled: bool }, 0b11),
          LIMITS.menuItems,
        ),
      },
      0b1,
    ),
    // settings / storage / theme / i18n / workspace / permissions
    'settings.get': empty,
    'settings.set': object(
      {
        values: {
          type: 'object',
          maxProperties: LIMITS.settings,
          additionalProperties: { type: ['string', 'number', 'boolean'] },
        },
      },
      0b1,
    ),
    'settings.open': empty,
    'storage.get': storageKeyed,
    'storage.set': object({ scope, key: storageKey, value: anyJson }, 0b111),
    'storage.delete': storageKeyed,
    'storage.keys': object({ scope, prefix: str(LIMITS.storageKeyChars) }, 0b1),
    'storage.clear': scoped,
    'storage.usage': scoped,
    'theme.get': empty,
    'i18n.get': empty,
    'workspace.get': empty,
    'permissions.list': empty,
    'permissions.request': object({ ids: list(oneOfStrings(PERMISSION_IDS), PERMISSION_IDS.length, 1, true) }, 0b1),
    // agents / terminals / usage
    'agents.list': empty,
    'agents.get': agentOnly,
    'agents.readScreen': object({ agentId: id, lines: int(1, LIMITS.screenLines) }, 0b1),
    'agents.lastReply': agentOnly,
    'agents.prompt': object(
      {
        agentId: id,
        text: str(LIMITS.promptChars, 1),
        submit: bool,
        whenBusy: oneOfStrings(['queue', 'send', 'fail']),
      },
      0b11,
    ),
    'agents.usage': agentWindow,
    'agents.timeline': agentWindow,
    'terminals.run': object(
      { agentId: id, command: str(LIMITS.terminalWriteChars, 1), timeoutMs: int(1000, LIMITS.terminalRunTimeoutMs) },
      0b11,
    ),
    'terminals.write': object({ agentId: id, text: str(LIMITS.terminalWriteChars, 1), submit: bool }, 0b11),
    'usage.summary': object({ period: oneOfStrings(USAGE_PERIODS) }, 0b1),
    // ports / tools
    'ports.describe': empty,
    'ports.peers': empty,
    'ports.emit': object({ port: portId, data: anyJson }, 0b11),
    'ports.send': object({ to: id, port: portId, input: portId, data: anyJson }, 0b1011),
    'ports.request': object({ to: id, input: portId, data: anyJson, timeoutMs: int(100, 120_000) }, 0b111),
    'ports.respond': object({ requestId: id, data: anyJson, error: str(1000) }, 0b1),
    'ports.read': object({ from: id, port: portId }, 0b11),
    'tools.respond': object({ callId: id, result: toolResult, error: str(4000) }, 0b1),
    'tools.progress': object({ callId: id, message: str(200, 1) }, 0b11),
    'tools.setEnabled': object({ tool: str(40, 1), enabled: bool }, 0b11),
    // net
    'net.fetch': object(
      {
        url: uri(8192),
        method: oneOfStrings(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']),
        headers: { type: 'object', maxProperties: 64, additionalProperties: str(8192) },
        body: str(base64Chars(LIMITS.netRequestBodyBytes)),
        bodyEncoding: oneOfStrings(['text', 'base64']),
        responseType: oneOfStrings(['text', 'json', 'base64', 'stream']),
        timeoutMs: int(1000, LIMITS.netMaxTimeoutMs),
        requestId,
      },
      0b1,
    ),
    'net.abort': object({ requestId }, 0b1),
    // fs
    'fs.stat': pathOnly,
    'fs.list': object({ path, recursive: bool, maxEntries: int(1, LIMITS.fsListEntries) }, 0b1),
    'fs.read': object({ path, encoding, maxBytes: int(1, LIMITS.fsReadBytes) }, 0b1),
    'fs.write': object(
      {
        path,
        data: str(base64Chars(LIMITS.fsWriteBytes)),
        encoding,
        createDirs: bool,
        ifMtimeMs: { type: 'number' },
      },
      0b11,
    ),
    'fs.mkdir': pathOnly,
    'fs.trash': pathOnly,
    'fs.watch': object({ path, recursive: bool }, 0b1),
    'fs.unwatch': object({ watchId: id }, 0b1),
    // clipboard
    'clipboard.writeText': object({ text: str(LIMITS.clipboardChars) }, 0b1),
  } satisfies Record<MethodName, JsonSchema>;
}

let table: Readonly<Record<MethodName, JsonSchema>> | undefined;

/** Every method's params schema, in protocol order (built on first use; `METHODS` freezes it all the way down). */
export function methodParamsTable(): Readonly<Record<MethodName, JsonSchema>> {
  return (table ??= JSON.parse(JSON.stringify(buildTable())) as Record<MethodName, JsonSchema>);
}

/** True when `value` names a method of the protocol. */
export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(methodParamsTable(), value);
}
