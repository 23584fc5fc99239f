import { describe, expect, it } from 'vitest';
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
import { methodParamsTable } from './method-params.js';
import { METHOD_NAMES, METHODS, type MethodName } from './methods.js';
import { checkParamsShape } from './params-check.js';
import { PERMISSION_IDS } from './permissions.js';
import { validateValue } from './schema.js';

// Every params rule of the method catalog, written out field by field; the cases below probe each bound.

type Field =
  | { kind: 'string'; min: number; max: number; uri?: boolean; nullable?: boolean }
  | { kind: 'integer'; min: number; max?: number; nullable?: boolean }
  | { kind: 'number'; min?: number; max?: number; nullable?: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[]; nullable?: boolean }
  | { kind: 'any' }
  | { kind: 'array'; min: number; max: number; unique?: boolean; item: (index: number) => unknown; distinct?: number }
  | { kind: 'object'; valid: unknown; invalid: Array<[value: unknown, path: string, keyword: string]> };
type Param = Field & { optional?: boolean };

const str = (max: number, min = 0): Param => ({ kind: 'string', min, max });
const nullableStr = (max: number): Param => ({ kind: 'string', min: 0, max, nullable: true });
const uri = (max: number): Param => ({ kind: 'string', min: 0, max, uri: true });
const int = (min: number, max?: number): Param => ({ kind: 'integer', min, ...(max === undefined ? {} : { max }) });
const oneOf = (values: readonly string[]): Param => ({ kind: 'enum', values });
const bool: Param = { kind: 'boolean' };
const any: Param = { kind: 'any' };
const opt = (field: Param): Param => ({ ...field, optional: true });
const orNull = (field: Param): Param => ({ ...field, nullable: true }) as Param;
const id = str(128, 1);
const portName = str(32, 1);
const path = str(1024);
const epochMs = int(0, 8.64e12);
const tone = oneOf(CARD_TONES);
const dangerTone = oneOf(['default', 'danger']);
const scope = oneOf(STORAGE_SCOPES);
const storageKey = str(256, 1);
const topics = (unique: boolean): Param => ({
  kind: 'array',
  min: 1,
  max: 8,
  ...(unique ? { unique } : {}),
  item: (i) => SUBSCRIBABLE_TOPICS[i % SUBSCRIBABLE_TOPICS.length],
  distinct: unique ? SUBSCRIBABLE_TOPICS.length : Number.POSITIVE_INFINITY,
});

const menuItem = { id: 'm', label: 'Menu' };
const toolText = { type: 'text', text: 'OK' };
const toolImage = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/webp' };

/** The catalog: method → params (an empty record is a method that takes none). */
const CATALOG: Record<MethodName, Record<string, Param> | 'none'> = {
  'host.ready': { sdkVersion: str(32, 1), protocol: int(1) },
  'host.capabilities': 'none',
  'host.log': { level: oneOf(LOG_LEVELS), message: str(2000) },
  'host.pong': { seq: int(0) },
  'events.subscribe': {
    topics: topics(true),
    agentIds: opt({ kind: 'array', min: 0, max: 64, item: (i) => `agent-${i}` }),
  },
  'events.unsubscribe': { topics: topics(false) },
  'card.getInfo': 'none',
  'card.setTitle': { title: nullableStr(120) },
  'card.setStatus': { text: opt(nullableStr(80)), tone: opt(tone), busy: opt(bool) },
  'card.setBadge': { count: opt(orNull(int(0, 1_000_000))), text: opt(nullableStr(12)), tone: opt(tone) },
  'card.setOverview': {
    primary: opt(nullableStr(160)),
    secondary: opt(nullableStr(160)),
    progress: opt({ kind: 'number', min: 0, max: 1, nullable: true }),
    tone: opt(tone),
    icon: opt(orNull(oneOf(CARD_ICONS))),
  },
  'card.attention': { level: oneOf(ATTENTION_LEVELS), message: opt(str(160)) },
  'card.requestResize': { w: int(1, 10_000), h: int(1, 10_000) },
  'card.openLink': { url: uri(2048) },
  'card.focus': { cardId: id },
  'card.spawn': { kind: oneOf(SPAWN_KINDS), title: opt(str(120)), connect: opt(bool), init: opt(any) },
  'ui.toast': { message: str(280, 1), tone: opt(tone), durationMs: opt(int(1000, 15_000)) },
  'ui.confirm': {
    title: str(120, 1),
    message: str(1000),
    confirmLabel: opt(str(40, 1)),
    cancelLabel: opt(str(40, 1)),
    tone: opt(dangerTone),
  },
  'ui.setMenu': {
    items: {
      kind: 'array',
      min: 0,
      max: 12,
      item: (i) => ({ id: `m${i}`, label: 'x'.repeat(60), icon: 'star', tone: 'danger', disabled: true }),
    },
  },
  'settings.get': 'none',
  'settings.set': {
    values: {
      kind: 'object',
      valid: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, [i, `v${i}`, i % 2 === 0][i % 3]])),
      invalid: [
        [Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, i])), '/values', 'maxProperties'],
        [{ list: [1] }, '/values/list', 'type'],
        [{ nothing: null }, '/values/nothing', 'type'],
      ],
    },
  },
  'settings.open': 'none',
  'storage.get': { scope, key: storageKey },
  'storage.set': { scope, key: storageKey, value: any },
  'storage.delete': { scope, key: storageKey },
  'storage.keys': { scope, prefix: opt(str(256)) },
  'storage.clear': { scope },
  'storage.usage': { scope },
  'theme.get': 'none',
  'i18n.get': 'none',
  'workspace.get': 'none',
  'permissions.list': 'none',
  'permissions.request': {
    ids: { kind: 'array', min: 1, max: 13, unique: true, item: (i) => PERMISSION_IDS[i % 13], distinct: 13 },
  },
  'agents.list': 'none',
  'agents.get': { agentId: id },
  'agents.readScreen': { agentId: id, lines: opt(int(1, 500)) },
  'agents.lastReply': { agentId: id },
  'agents.prompt': {
    agentId: id,
    text: str(20_000, 1),
    submit: opt(bool),
    whenBusy: opt(oneOf(['queue', 'send', 'fail'])),
  },
  'agents.usage': { agentId: id, since: epochMs, until: opt(epochMs) },
  'agents.timeline': { agentId: id, since: epochMs, until: opt(epochMs) },
  'terminals.run': { agentId: id, command: str(20_000, 1), timeoutMs: opt(int(1000, 120_000)) },
  'terminals.write': { agentId: id, text: str(20_000, 1), submit: opt(bool) },
  'usage.summary': { period: oneOf(USAGE_PERIODS) },
  'ports.describe': 'none',
  'ports.peers': 'none',
  'ports.emit': { port: portName, data: any },
  'ports.send': { to: id, port: portName, input: opt(portName), data: any },
  'ports.request': { to: id, input: portName, data: any, timeoutMs: opt(int(100, 120_000)) },
  'ports.respond': { requestId: id, data: opt(any), error: opt(str(1000)) },
  'ports.read': { from: id, port: portName },
  'tools.respond': {
    callId: id,
    result: opt({
      kind: 'object',
      valid: { content: [toolText, toolImage, ...Array.from({ length: 14 }, () => toolText)], isError: false },
      invalid: [
        [{ content: [] }, '/result/content', 'minItems'],
        [{ content: Array.from({ length: 17 }, () => toolText) }, '/result/content', 'maxItems'],
        [{ isError: true }, '/result/content', 'required'],
        [{ content: [toolText], isError: 'yes' }, '/result/isError', 'type'],
        [{ content: [toolText], extra: 1 }, '/result/extra', 'additionalProperties'],
        [{ content: [{ type: 'text', text: 'x'.repeat(1_048_577) }] }, '/result/content/0', 'anyOf'],
        [{ content: [{ ...toolImage, data: '' }] }, '/result/content/0', 'anyOf'],
        [{ content: [{ ...toolImage, mimeType: 'image/svg+xml' }] }, '/result/content/0', 'anyOf'],
        [{ content: [{ type: 'audio', data: 'AA==' }] }, '/result/content/0', 'anyOf'],
      ],
    }),
    error: opt(str(4000)),
  },
  'tools.progress': { callId: id, message: str(200, 1) },
  'tools.setEnabled': { tool: str(40, 1), enabled: bool },
  'net.fetch': {
    url: uri(8192),
    method: opt(oneOf(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])),
    headers: opt({
      kind: 'object',
      valid: Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`x-h${i}`, i === 0 ? 'v'.repeat(8192) : ''])),
      invalid: [
        [Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`x-h${i}`, 'v'])), '/headers', 'maxProperties'],
        [{ accept: 'v'.repeat(8193) }, '/headers/accept', 'maxLength'],
        [{ accept: ['a'] }, '/headers/accept', 'type'],
      ],
    }),
    body: opt(str(6_990_511)),
    bodyEncoding: opt(oneOf(['text', 'base64'])),
    responseType: opt(oneOf(['text', 'json', 'base64', 'stream'])),
    timeoutMs: opt(int(1000, 120_000)),
    requestId: opt(str(64, 1)),
  },
  'net.abort': { requestId: str(64, 1) },
  'fs.stat': { path },
  'fs.list': { path, recursive: opt(bool), maxEntries: opt(int(1, 5000)) },
  'fs.read': { path, encoding: opt(oneOf(['utf8', 'base64'])), maxBytes: opt(int(1, 10 * 1024 * 1024)) },
  'fs.write': {
    path,
    data: str(13_981_018),
    encoding: opt(oneOf(['utf8', 'base64'])),
    createDirs: opt(bool),
    ifMtimeMs: opt({ kind: 'number' }),
  },
  'fs.mkdir': { path },
  'fs.trash': { path },
  'fs.watch': { path, recursive: opt(bool) },
  'fs.unwatch': { watchId: id },
  'clipboard.writeText': { text: str(1_048_576) },
};

function text(field: { max: number; uri?: boolean }, length: number): string {
  if (!field.uri) return 'x'.repeat(length);
  const base = 'https://example.com/';
  return base + 'x'.repeat(Math.max(0, length - base.length));
}

/** A value that satisfies the field. */
function sample(field: Param): unknown {
  switch (field.kind) {
    case 'string':
      return text(field, Math.max(field.min, field.uri ? 20 : 1));
    case 'integer':
      return field.min;
    case 'number':
      return field.min ?? 0.5;
    case 'boolean':
      return true;
    case 'enum':
      return field.values[0];
    case 'any':
      return { nested: [1, 'two', null] };
    case 'array':
      return Array.from({ length: field.min }, (_, i) => field.item(i));
    case 'object':
      return field.valid;
  }
}

type Case = [label: string, value: unknown, issue: [path: string, keyword: string] | null];

/** Values at and across every bound of one field, with the first issue each should raise. */
function fieldCases(name: string, field: Param): Case[] {
  const at = `/${name}`;
  const cases: Case[] = [];
  const nullCase: Case = [
    'null',
    null,
    field.kind !== 'any' && !('nullable' in field && field.nullable) ? [at, 'type'] : null,
  ];
  switch (field.kind) {
    case 'string':
      cases.push(
        ['at max length', text(field, field.max), null],
        ['over max length', text(field, field.max + 1), [at, 'maxLength']],
      );
      if (field.min > 0)
        cases.push(['at min length', text(field, field.min), null], ['under min length', '', [at, 'minLength']]);
      else if (!field.uri) cases.push(['empty', '', null]);
      if (field.uri) cases.push(['not a uri', 'not a url', [at, 'format']]);
      cases.push(['a number', 5, [at, 'type']], nullCase);
      break;
    case 'integer':
      cases.push(['at min', field.min, null], ['under min', field.min - 1, [at, 'minimum']]);
      if (field.max !== undefined)
        cases.push(['at max', field.max, null], ['over max', field.max + 1, [at, 'maximum']]);
      cases.push(['a fraction', field.min + 0.5, [at, 'type']], ['a string', '1', [at, 'type']], nullCase);
      break;
    case 'number':
      if (field.min !== undefined)
        cases.push(['at min', field.min, null], ['under min', field.min - 0.01, [at, 'minimum']]);
      if (field.max !== undefined)
        cases.push(['at max', field.max, null], ['over max', field.max + 0.01, [at, 'maximum']]);
      cases.push(['a fraction', (field.min ?? 0) + 0.25, null], ['a string', '1', [at, 'type']], nullCase);
      break;
    case 'boolean':
      cases.push(['false', false, null], ['a string', 'true', [at, 'type']], nullCase);
      break;
    case 'enum':
      for (const value of field.values) cases.push([`"${value}"`, value, null]);
      cases.push(['an unknown value', 'zzz', [at, 'enum']], nullCase);
      break;
    case 'any':
      cases.push(['null', null, null], ['a string', 's', null], ['an array', [{ a: 1 }], null]);
      break;
    case 'array': {
      const list = (length: number): unknown[] => Array.from({ length }, (_, i) => field.item(i));
      if (field.min > 0) cases.push(['empty', [], [at, 'minItems']]);
      if ((field.distinct ?? Number.POSITIVE_INFINITY) >= field.max)
        cases.push(['at max items', list(field.max), null]);
      cases.push(['over max items', list(field.max + 1), [at, 'maxItems']]);
      if (field.unique) cases.push(['a repeated item', [field.item(0), field.item(0)], [at, 'uniqueItems']]);
      cases.push(['an item of the wrong type', [7], [`${at}/0`, 'type']], ['not an array', {}, [at, 'type']]);
      break;
    }
    case 'object':
      cases.push(['the widest valid value', field.valid, null]);
      for (const [value, path, keyword] of field.invalid) cases.push([`${keyword} at ${path}`, value, [path, keyword]]);
      cases.push(['not an object', [], [at, 'type']]);
      break;
  }
  return cases;
}

type Row = [method: MethodName, label: string, params: unknown, issue: [string, string] | null];

const ROWS: Row[] = [];
for (const method of METHOD_NAMES) {
  const fields = CATALOG[method];
  if (fields === 'none') continue;
  const base = Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => !field.optional)
      .map(([name, field]) => [name, sample(field)]),
  );
  ROWS.push([method, 'the required params only', base, null]);
  for (const [name, field] of Object.entries(fields)) {
    if (field.optional) ROWS.push([method, `${name} left out`, base, null]);
    else {
      const { [name]: _dropped, ...rest } = base;
      ROWS.push([method, `${name} missing`, rest, [`/${name}`, 'required']]);
    }
    for (const [label, value, issue] of fieldCases(name, field))
      ROWS.push([method, `${name}: ${label}`, { ...base, [name]: value }, issue]);
  }
  ROWS.push([method, 'an unknown param', { ...base, unknown: 1 }, ['/unknown', 'additionalProperties']]);
}

describe('method params, field by field against the catalog', () => {
  it('covers every method and declares exactly the catalog fields', () => {
    expect(Object.keys(CATALOG).sort()).toEqual([...METHOD_NAMES].sort());
    for (const method of METHOD_NAMES) {
      const fields = CATALOG[method];
      const schema = METHODS[method].params;
      if (fields === 'none') {
        expect(schema, method).toEqual({ type: ['object', 'null'], maxProperties: 0 });
        continue;
      }
      expect(Object.keys(schema.properties ?? {}), method).toEqual(Object.keys(fields));
      const required = Object.entries(fields)
        .filter(([, field]) => !field.optional)
        .map(([name]) => name);
      expect([...(schema.required ?? [])], method).toEqual(required);
    }
  });

  it.each(ROWS)('%s — %s', (method, _label, params, issue) => {
    const issues = validateValue(METHODS[method].params, params);
    if (issue === null) expect(issues).toEqual([]);
    else expect(issues.slice(0, 1).map((found) => [found.path, found.keyword])).toEqual([issue]);
  });

  // The client checks with the table's own checker: it must find what the general validator finds, in order.
  it.each(ROWS)('the client finds the same issues: %s — %s', (method, _label, params) => {
    expect(checkParamsShape(methodParamsTable()[method], params, 10)).toEqual(
      validateValue(METHODS[method].params, params, { maxIssues: 10 }),
    );
  });

  it('checks menu items and their nested rules', () => {
    const params = (item: unknown) => ({ items: [item] });
    const setMenu = METHODS['ui.setMenu'].params;
    expect(validateValue(setMenu, params(menuItem))).toEqual([]);
    const rows: Array<[unknown, string, string]> = [
      [{ label: 'x' }, '/items/0/id', 'required'],
      [{ id: 'x' }, '/items/0/label', 'required'],
      [{ ...menuItem, id: 'x'.repeat(65) }, '/items/0/id', 'maxLength'],
      [{ ...menuItem, label: '' }, '/items/0/label', 'minLength'],
      [{ ...menuItem, label: 'x'.repeat(61) }, '/items/0/label', 'maxLength'],
      [{ ...menuItem, icon: 'unicorn' }, '/items/0/icon', 'enum'],
      [{ ...menuItem, tone: 'success' }, '/items/0/tone', 'enum'],
      [{ ...menuItem, disabled: 1 }, '/items/0/disabled', 'type'],
      [{ ...menuItem, onSelect: 'x' }, '/items/0/onSelect', 'additionalProperties'],
    ];
    for (const [item, path, keyword] of rows) {
      expect(validateValue(setMenu, params(item))[0], JSON.stringify(item).slice(0, 60)).toMatchObject({
        path,
        keyword,
      });
    }
  });
});
