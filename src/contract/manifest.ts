import {
  CARD_DEFAULT_SIZE,
  CARD_MAX_SIZE,
  CARD_MIN_SIZE,
  CARD_PROTOCOL_VERSION,
  SETTING_TYPES,
  type SettingType,
} from './constants.js';
import { isPlainObject, shownValue } from './json.js';
import { normalizePermissions, type ManifestPathIssue } from './manifest-permissions.js';
import { MANIFEST_SCHEMA } from './manifest-schema.js';
import { normalizePackagePath } from './paths.js';
import { isBuiltinPortType, isPortTypeId } from './port-type-ids.js';
import { BUILTIN_TOOL_NAMES, RESERVED_PACKAGE_NAMES, toolFullName } from './reserved-names.js';
import { checkSchema } from './schema-check.js';
import { validateValue } from './schema.js';
import { records, textIssues, texts } from './manifest-texts.js';
import type { CardSize, NormalizedManifest, SettingValue } from './types.js';

export { impersonationIssues } from './manifest-texts.js';
export { parseManifestText } from './manifest-file.js';

/** Where a manifest problem comes from: the JSON schema, the app's semantic rules, or the protocol version. */
export type ManifestIssueCode = 'schema' | 'semantic' | 'protocol';

/** One manifest problem: a JSON Pointer path, a message and where it comes from. */
export interface ManifestIssue extends ManifestPathIssue {
  code: ManifestIssueCode;
}

/** Something worth knowing about a valid manifest (e.g. another package's custom port type). */
export type ManifestWarning = ManifestPathIssue;

/** Result of {@link validateManifest}. */
export type ManifestValidation =
  | { ok: true; manifest: NormalizedManifest; warnings: ManifestWarning[] }
  | { ok: false; issues: ManifestIssue[]; warnings: ManifestWarning[] };

/** Options of {@link validateManifest}: the card protocol the checking app speaks (default 1). */
export interface ValidateManifestOptions {
  protocol?: number;
}

type Json = Record<string, unknown>;
/** Adds an issue at a path below the entry being checked (`''` for the entry itself). */
type Report = (at: string, message: string) => void;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const EMPTY_TEXT = 'empty label or description';

const record = (value: unknown): Json => (isPlainObject(value) ? value : {});
const isBlank = (value: unknown): boolean => texts(value, '').some(([, text]) => text.trim() === '');

/** Reports each item of a manifest list at `<path>/<index>`, and a second item with the same `key`. */
function eachItem(
  list: unknown,
  path: string,
  key: string,
  duplicate: string,
  check: (item: Json, report: Report, index: number, duplicate: boolean) => void,
  add: Report,
): void {
  const seen = new Set<unknown>();
  records(list).forEach((item, index) => {
    const at = `${path}/${index}`;
    const report: Report = (sub, message) => add(at + sub, message);
    const again = seen.has(item[key]);
    if (again) report(`/${key}`, `duplicate ${duplicate} "${shownValue(item[key])}"`);
    seen.add(item[key]);
    check(item, report, index, again);
  });
}

/** Reports the problems of a schema in the manifest at `at` (one by one: no spread of an unbounded list). */
function schemaIssues(schema: unknown, at: string, report: Report): void {
  for (const issue of checkSchema(schema)) report(at + issue.path, issue.message);
}

function checkSetting(setting: Json, report: Report): void {
  const { type, min, max, default: value } = setting;
  // An unknown type is the schema's finding; rules that depend on the type would only guess.
  if (!SETTING_TYPES.includes(type as SettingType)) return;
  const options = records(setting.options);
  if (type === 'select' && options.length === 0) report('', 'a select needs options');
  if (type !== 'select' && setting.options !== undefined) report('/options', 'only a select has options');
  if (value !== undefined) {
    const expected = type === 'number' || type === 'boolean' ? type : 'string';
    const message =
      type === 'secret'
        ? 'a secret cannot have a default'
        : typeof value !== expected
          ? `default must be a ${expected}`
          : type === 'select' && options.length > 0 && !options.some((o) => o.value === value)
            ? 'default must be one of the options'
            : type === 'color' && !HEX_COLOR.test(value as string)
              ? 'a color default is #rrggbb'
              : type === 'number' &&
                  ((typeof min === 'number' && (value as number) < min) ||
                    (typeof max === 'number' && (value as number) > max))
                ? 'default is outside min/max'
                : '';
    if (message) report('/default', message);
  }
  if (typeof min === 'number' && typeof max === 'number' && min > max) report('', 'min is greater than max');
}

function checkPorts(manifest: Json, warnings: ManifestWarning[], add: Report): void {
  const ports = record(manifest.ports);
  for (const dir of ['inputs', 'outputs']) {
    let defaults = 0;
    eachItem(
      ports[dir],
      `/ports/${dir}`,
      'id',
      'port',
      (port, report, index) => {
        const { type, schema, mode, response } = port;
        if (!isPortTypeId(type)) report('/type', 'type must be an ns:* type or "<package-name>/<type-name>"');
        else if (!isBuiltinPortType(type)) {
          const owner = type.split('/')[0];
          if (owner !== manifest.name) {
            const message = `custom type of another package ("${owner}") — fine when you mean to interoperate`;
            warnings.push({ path: `/ports/${dir}/${index}/type`, message });
          }
          if (schema === undefined) report('', 'a custom type needs a schema');
        }
        if (schema !== undefined) schemaIssues(schema, '/schema', report);
        if (dir === 'outputs') {
          if (mode !== undefined || response !== undefined || port.default !== undefined) {
            report('', 'mode, response and default are for inputs');
          }
        } else {
          if (port.retain !== undefined) report('', 'retain is for outputs');
          if (port.default === true) defaults += 1;
          if (mode === 'request') {
            if (!isPlainObject(response)) report('', 'a request input needs a response type');
            else {
              if (!isPortTypeId(response.type)) report('/response/type', 'invalid response type');
              if (response.schema !== undefined) schemaIssues(response.schema, '/response/schema', report);
            }
          } else if (response !== undefined) report('/response', 'only a request input has a response');
        }
        if (isBlank(port.label)) report('/label', EMPTY_TEXT);
        if (port.description !== undefined && isBlank(port.description)) report('/description', EMPTY_TEXT);
      },
      add,
    );
    if (defaults > 1) add('/ports/inputs', 'at most one default input');
  }
}

function checkTools(manifest: Json, add: Report): void {
  const exposed = new Map<string, number>();
  eachItem(
    manifest.tools,
    '/tools',
    'name',
    'tool',
    (tool, report, index, duplicate) => {
      const full = toolFullName(shownValue(manifest.name), shownValue(tool.name));
      const first = exposed.get(full);
      // Different names that agents would see as one (the exposed name is cut to 64 characters); a duplicate name
      // is reported once, as a duplicate.
      if (first !== undefined && !duplicate) {
        report('/name', `agents would see "${full}" for this tool and for /tools/${first}`);
      }
      if (first === undefined) exposed.set(full, index);
      if (BUILTIN_TOOL_NAMES.includes(full)) report('/name', `"${full}" is a built-in NeuroSquad tool`);
      else if (full.includes('__')) report('/name', `"${full}" contains "__" (reserved for installed MCP servers)`);
      const schema = record(tool.inputSchema);
      if (schema.type !== 'object') report('/inputSchema/type', 'inputSchema must have type "object"');
      if (isPlainObject(schema.properties) && Object.hasOwn(schema.properties, 'card')) {
        report('/inputSchema/properties/card', '"card" is reserved (the host adds it to pick among several cards)');
      }
      schemaIssues(tool.inputSchema, '/inputSchema', report);
    },
    add,
  );
}

/** True when a semantic issue at `semantic` is about the same place as a schema issue at `schema` (one is inside the other). */
function samePlace(semantic: string, schema: string): boolean {
  const inside = (path: string, parent: string): boolean => path === parent || path.startsWith(`${parent}/`);
  return (schema !== '' && inside(semantic, schema)) || (semantic !== '' && inside(schema, semantic));
}

/**
 * Validates a manifest the way the app does: against the manifest JSON schema and the semantic rules (protocol,
 * reserved names, text characters, files, sizes, permissions, settings, ports, tools), reporting both in one pass
 * (a semantic issue about a place the schema already reports is left out). On success returns the normalized
 * manifest (entry, sizes, permissions and empty lists filled in).
 * @example const result = validateManifest(JSON.parse(text)); if (!result.ok) console.log(result.issues)
 */
export function validateManifest(input: unknown, options: ValidateManifestOptions = {}): ManifestValidation {
  const schemaProblems = validateValue(MANIFEST_SCHEMA, input, { maxIssues: 50 });
  const schemaIssues: ManifestIssue[] = schemaProblems.map(({ path, message }) => ({ path, message, code: 'schema' }));
  // Not a JSON object, or too deep or large to walk: the schema's answer is the only one.
  if (schemaProblems.some(({ keyword }) => keyword === 'json' || keyword === 'budget') || !isPlainObject(input)) {
    return { ok: false, issues: schemaIssues, warnings: [] };
  }
  const manifest = JSON.parse(JSON.stringify(input)) as Json;
  const warnings: ManifestWarning[] = [];
  const issues: ManifestIssue[] = [];
  const add = (path: string, message: string, code: ManifestIssueCode = 'semantic'): void => {
    if (!schemaIssues.some((issue) => samePlace(path, issue.path))) issues.push({ path, message, code });
  };
  const addAll = (list: ManifestPathIssue[]): void => list.forEach(({ path, message }) => add(path, message));

  const appProtocol = options.protocol ?? CARD_PROTOCOL_VERSION;
  const { protocol, name, entry = 'index.html', icon } = manifest as { protocol: number; name: string } & Json;
  if (typeof protocol === 'number' && protocol > appProtocol) {
    add(
      '/protocol',
      `built for card protocol ${protocol}; this app speaks ${appProtocol} — update NeuroSquad`,
      'protocol',
    );
  }
  if (RESERVED_PACKAGE_NAMES.includes(name)) add('/name', `"${name}" is reserved`);
  addAll(textIssues(manifest));

  const entryPath = normalizePackagePath(entry);
  if (!entryPath.ok) add('/entry', entryPath.error);
  else if (!/\.html?$/i.test(entryPath.path)) add('/entry', 'entry must be an .html file');
  if (icon !== undefined) {
    const iconPath = normalizePackagePath(icon);
    if (!iconPath.ok) add('/icon', iconPath.error);
    else if (!/\.(?:png|webp)$/i.test(iconPath.path)) add('/icon', 'icon must be a .png or .webp file');
  }
  const sizes = record(manifest.card);
  const size = (key: string, fallback: CardSize): CardSize => {
    const value = sizes[key];
    if (!isPlainObject(value)) return { ...fallback };
    // A side the schema refuses (not a number) counts as the default, so comparing never meets an object.
    const side = (axis: 'w' | 'h'): number => (typeof value[axis] === 'number' ? value[axis] : fallback[axis]);
    return { w: side('w'), h: side('h') };
  };
  const card = {
    defaultSize: size('defaultSize', CARD_DEFAULT_SIZE),
    minSize: size('minSize', CARD_MIN_SIZE),
    maxSize: size('maxSize', CARD_MAX_SIZE),
  };
  const axisOk = (axis: 'w' | 'h'): boolean =>
    card.minSize[axis] <= card.defaultSize[axis] && card.defaultSize[axis] <= card.maxSize[axis];
  if (!axisOk('w') || !axisOk('h')) add('/card', 'sizes must satisfy minSize ≤ defaultSize ≤ maxSize');

  const permissions = normalizePermissions(Array.isArray(manifest.permissions) ? manifest.permissions : []);
  addAll(permissions.issues);
  eachItem(manifest.settings, '/settings', 'key', 'setting', checkSetting, add);
  checkPorts(manifest, warnings, add);
  checkTools(manifest, add);
  if (schemaIssues.length > 0 || issues.length > 0)
    return { ok: false, issues: [...schemaIssues, ...issues], warnings };

  const ports = record(manifest.ports);
  const normalized = {
    ...manifest,
    entry: entryPath.ok ? entryPath.path : 'index.html',
    card,
    permissions: permissions.permissions,
    settings: manifest.settings ?? [],
    ports: { inputs: ports.inputs ?? [], outputs: ports.outputs ?? [] },
    tools: manifest.tools ?? [],
  } as unknown as NormalizedManifest;
  return { ok: true, manifest: normalized, warnings };
}

/**
 * Default values of the manifest's settings: every non-secret setting that declares a `default`.
 * @example settingsDefaults(manifest) // { command: 'npm test' }
 */
export function settingsDefaults(
  manifest: { settings?: readonly unknown[] } | null | undefined,
): Record<string, SettingValue> {
  const defaults: Record<string, SettingValue> = {};
  for (const setting of records(manifest?.settings)) {
    if (setting.type !== 'secret' && setting.default !== undefined && typeof setting.key === 'string') {
      defaults[setting.key] = setting.default as SettingValue;
    }
  }
  return defaults;
}
