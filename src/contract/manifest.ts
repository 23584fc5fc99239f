import { CARD_DEFAULT_SIZE, CARD_MAX_SIZE, CARD_MIN_SIZE, CARD_PROTOCOL_VERSION } from './constants.js';
import { isPlainObject } from './json.js';
import { LIMITS } from './limits.js';
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

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const SETTING_DEFAULT_TYPES: Readonly<Record<string, 'number' | 'boolean'>> = { number: 'number', boolean: 'boolean' };
const PORT_TYPE_MESSAGE = 'type must be an ns:* type or "<package-name>/<type-name>"';

function fileIssue(raw: unknown, path: string, extension: RegExp, message: string): ManifestPathIssue | null {
  const result = normalizePackagePath(raw);
  if (!result.ok) return { path, message: result.error };
  return extension.test(result.path) ? null : { path, message };
}

function resolvedSizes(card: unknown): Required<Record<'defaultSize' | 'minSize' | 'maxSize', CardSize>> {
  const sizes = isPlainObject(card) ? card : {};
  const pick = (value: unknown, fallback: CardSize): CardSize =>
    isPlainObject(value) ? { w: value.w as number, h: value.h as number } : { ...fallback };
  return {
    defaultSize: pick(sizes.defaultSize, CARD_DEFAULT_SIZE),
    minSize: pick(sizes.minSize, CARD_MIN_SIZE),
    maxSize: pick(sizes.maxSize, CARD_MAX_SIZE),
  };
}

function outsideRange(value: number, min: unknown, max: unknown): boolean {
  return (typeof min === 'number' && value < min) || (typeof max === 'number' && value > max);
}

function settingIssues(settings: Json[]): ManifestPathIssue[] {
  const issues: ManifestPathIssue[] = [];
  const keys = new Set<unknown>();
  settings.forEach((setting, i) => {
    const path = `/settings/${i}`;
    const add = (at: string, message: string): void => void issues.push({ path: at, message });
    if (keys.has(setting.key)) add(`${path}/key`, `duplicate setting "${String(setting.key)}"`);
    keys.add(setting.key);
    const type = setting.type;
    const options = records(setting.options);
    if (type === 'select' && options.length === 0) add(path, 'a select needs options');
    if (type !== 'select' && setting.options !== undefined) add(`${path}/options`, 'only a select has options');
    const value = setting.default;
    if (value !== undefined) {
      const expected = SETTING_DEFAULT_TYPES[String(type)] ?? 'string';
      if (type === 'secret') add(`${path}/default`, 'a secret cannot have a default');
      else if (typeof value !== expected) add(`${path}/default`, `default must be a ${expected}`);
      else if (type === 'select' && options.length > 0 && !options.some((o) => o.value === value)) {
        add(`${path}/default`, 'default must be one of the options');
      } else if (type === 'color' && !HEX_COLOR.test(value as string))
        add(`${path}/default`, 'a color default is #rrggbb');
      else if (type === 'number' && outsideRange(value as number, setting.min, setting.max)) {
        add(`${path}/default`, 'default is outside min/max');
      }
    }
    if (typeof setting.min === 'number' && typeof setting.max === 'number' && setting.min > setting.max) {
      add(path, 'min is greater than max');
    }
  });
  return issues;
}

function isBlank(value: unknown): boolean {
  return texts(value, '').some(([, text]) => text.trim() === '');
}

/** Adds the problems of a schema in the manifest to `issues` (one by one: no spread of an unbounded list into a call). */
function addSchemaIssues(issues: ManifestPathIssue[], schema: unknown, path: string): void {
  const options = { maxNodes: LIMITS.schemaNodes, maxDepth: LIMITS.schemaDepth, allowPattern: false };
  for (const issue of checkSchema(schema, options)) issues.push({ path: path + issue.path, message: issue.message });
}

function portIssues(manifest: Json, warnings: ManifestWarning[]): ManifestPathIssue[] {
  const issues: ManifestPathIssue[] = [];
  const add = (path: string, message: string): void => void issues.push({ path, message });
  const ports = isPlainObject(manifest.ports) ? manifest.ports : {};
  for (const dir of ['inputs', 'outputs'] as const) {
    const ids = new Set<unknown>();
    let defaults = 0;
    records(ports[dir]).forEach((port, i) => {
      const path = `/ports/${dir}/${i}`;
      if (ids.has(port.id)) add(`${path}/id`, `duplicate port "${String(port.id)}"`);
      ids.add(port.id);
      if (!isPortTypeId(port.type)) add(`${path}/type`, PORT_TYPE_MESSAGE);
      else if (!isBuiltinPortType(port.type)) {
        const owner = port.type.split('/')[0];
        if (owner !== manifest.name) {
          const message = `custom type of another package ("${owner}") — fine when you mean to interoperate`;
          warnings.push({ path: `${path}/type`, message });
        }
        if (port.schema === undefined) add(path, 'a custom type needs a schema');
      }
      if (port.schema !== undefined) addSchemaIssues(issues, port.schema, `${path}/schema`);
      if (dir === 'outputs') {
        if (port.mode !== undefined || port.response !== undefined || port.default !== undefined) {
          add(path, 'mode, response and default are for inputs');
        }
      } else {
        if (port.retain !== undefined) add(path, 'retain is for outputs');
        if (port.default === true) defaults += 1;
        const response = isPlainObject(port.response) ? port.response : undefined;
        if (port.mode === 'request') {
          if (!response) add(path, 'a request input needs a response type');
          else {
            if (!isPortTypeId(response.type)) {
              add(`${path}/response/type`, 'invalid response type');
            }
            if (response.schema !== undefined) addSchemaIssues(issues, response.schema, `${path}/response/schema`);
          }
        } else if (port.response !== undefined) add(`${path}/response`, 'only a request input has a response');
      }
      if (isBlank(port.label)) add(`${path}/label`, 'empty label or description');
      if (port.description !== undefined && isBlank(port.description))
        add(`${path}/description`, 'empty label or description');
    });
    if (defaults > 1) add('/ports/inputs', 'at most one default input');
  }
  return issues;
}

function toolIssues(manifest: Json): ManifestPathIssue[] {
  const issues: ManifestPathIssue[] = [];
  const names = new Set<unknown>();
  const exposed = new Map<string, number>();
  records(manifest.tools).forEach((tool, i) => {
    const path = `/tools/${i}`;
    const full = toolFullName(String(manifest.name), String(tool.name));
    if (names.has(tool.name)) issues.push({ path: `${path}/name`, message: `duplicate tool "${String(tool.name)}"` });
    else if (exposed.has(full)) {
      // Different names that agents would see as one (the exposed name is cut to 64 characters).
      issues.push({
        path: `${path}/name`,
        message: `agents would see "${full}" for this tool and for /tools/${String(exposed.get(full))}`,
      });
    }
    names.add(tool.name);
    if (!exposed.has(full)) exposed.set(full, i);
    if (BUILTIN_TOOL_NAMES.includes(full)) {
      issues.push({ path: `${path}/name`, message: `"${full}" is a built-in NeuroSquad tool` });
    } else if (full.includes('__')) {
      issues.push({ path: `${path}/name`, message: `"${full}" contains "__" (reserved for installed MCP servers)` });
    }
    const schema = isPlainObject(tool.inputSchema) ? tool.inputSchema : {};
    if (schema.type !== 'object') {
      issues.push({ path: `${path}/inputSchema/type`, message: 'inputSchema must have type "object"' });
    }
    if (isPlainObject(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, 'card')) {
      issues.push({
        path: `${path}/inputSchema/properties/card`,
        message: '"card" is reserved (the host adds it to pick among several cards)',
      });
    }
    addSchemaIssues(issues, tool.inputSchema, `${path}/inputSchema`);
  });
  return issues;
}

/**
 * Validates a manifest the way the app does: first against the manifest JSON schema, then the semantic
 * rules (protocol, reserved names, text characters, files, sizes, permissions, settings, ports, tools).
 * On success returns the normalized manifest (entry, sizes, permissions and empty lists filled in).
 * @example const result = validateManifest(JSON.parse(text)); if (!result.ok) console.log(result.issues)
 */
export function validateManifest(input: unknown, options: ValidateManifestOptions = {}): ManifestValidation {
  const schemaProblems = validateValue(MANIFEST_SCHEMA, input, { maxIssues: 50 });
  if (schemaProblems.length > 0) {
    return {
      ok: false,
      issues: schemaProblems.map(({ path, message }) => ({ path, message, code: 'schema' })),
      warnings: [],
    };
  }
  const manifest = JSON.parse(JSON.stringify(input)) as Json;
  const warnings: ManifestWarning[] = [];
  const issues: ManifestIssue[] = [];
  const semantic = (list: ManifestPathIssue[]): void => {
    for (const { path, message } of list) issues.push({ path, message, code: 'semantic' });
  };

  const appProtocol = options.protocol ?? CARD_PROTOCOL_VERSION;
  const protocol = manifest.protocol as number;
  if (protocol > appProtocol) {
    const message = `built for card protocol ${protocol}; this app speaks ${appProtocol} — update NeuroSquad`;
    issues.push({ path: '/protocol', message, code: 'protocol' });
  }
  const name = manifest.name as string;
  if (RESERVED_PACKAGE_NAMES.includes(name)) semantic([{ path: '/name', message: `"${name}" is reserved` }]);
  semantic(textIssues(manifest));

  const entry = manifest.entry ?? 'index.html';
  const entryIssue = fileIssue(entry, '/entry', /\.html?$/i, 'entry must be an .html file');
  if (entryIssue) semantic([entryIssue]);
  if (manifest.icon !== undefined) {
    const iconIssue = fileIssue(manifest.icon, '/icon', /\.(?:png|webp)$/i, 'icon must be a .png or .webp file');
    if (iconIssue) semantic([iconIssue]);
  }
  const card = resolvedSizes(manifest.card);
  const axisOk = (axis: 'w' | 'h'): boolean =>
    card.minSize[axis] <= card.defaultSize[axis] && card.defaultSize[axis] <= card.maxSize[axis];
  if (!axisOk('w') || !axisOk('h')) {
    semantic([{ path: '/card', message: 'sizes must satisfy minSize ≤ defaultSize ≤ maxSize' }]);
  }

  const permissions = normalizePermissions(Array.isArray(manifest.permissions) ? manifest.permissions : []);
  semantic(permissions.issues);
  semantic(settingIssues(records(manifest.settings)));
  semantic(portIssues(manifest, warnings));
  semantic(toolIssues(manifest));
  if (issues.length > 0) return { ok: false, issues, warnings };

  const ports = isPlainObject(manifest.ports) ? manifest.ports : {};
  const entryPath = normalizePackagePath(entry);
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
