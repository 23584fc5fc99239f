import { describe, expect, it } from 'vitest';
import { isCardSdkError } from './errors.js';
import {
  impersonationIssues,
  parseManifestText,
  settingsDefaults,
  validateManifest,
  type ManifestIssue,
} from './manifest.js';

// Test manifests are built loosely on purpose, to reach every rule.
type Manifest = Record<string, any>;
type Mutation = (m: Manifest) => void;

const base = (): Manifest => ({
  manifestVersion: 1,
  name: 'test-radar',
  displayName: { en: 'Test radar', ru: 'Радар тестов' },
  version: '1.0.0',
  protocol: 1,
});

const apply = (mutate: Mutation): Manifest => {
  const manifest = base();
  mutate(manifest);
  return manifest;
};

const issuesOf = (mutate: Mutation): ManifestIssue[] => {
  const result = validateManifest(apply(mutate));
  return result.ok ? [] : result.issues;
};

const schema = (path: string, message: string): ManifestIssue => ({ path, message, code: 'schema' });
const semantic = (path: string, message: string): ManifestIssue => ({ path, message, code: 'semantic' });

const input = (extra: Manifest = {}): Manifest => ({ id: 'in', label: 'In', type: 'ns:text', ...extra });
const output = (extra: Manifest = {}): Manifest => ({ id: 'out', label: 'Out', type: 'ns:text', ...extra });
const tool = (extra: Manifest = {}): Manifest => ({
  name: 'run_tests',
  description: 'Runs tests.',
  inputSchema: { type: 'object' },
  ...extra,
});
const setting = (extra: Manifest = {}): Manifest => ({ key: 'command', type: 'string', label: 'Command', ...extra });
const size = (w: number, h: number) => ({ w, h });

// rule, a change that passes, a change that fails, the issue it gives
const schemaRows: [string, Mutation, Mutation, ManifestIssue][] = [
  [
    'no unknown top-level keys',
    (m) => (m.$schema = './schema.json'),
    (m) => (m.extra = 1),
    schema('/extra', 'is not allowed'),
  ],
  [
    '$schema ≤ 500',
    (m) => (m.$schema = 'x'.repeat(500)),
    (m) => (m.$schema = 'x'.repeat(501)),
    schema('/$schema', 'longer than 500'),
  ],
  ['manifestVersion required', () => {}, (m) => delete m.manifestVersion, schema('/manifestVersion', 'is required')],
  ['manifestVersion is 1', () => {}, (m) => (m.manifestVersion = 2), schema('/manifestVersion', 'must be 1')],
  [
    'name pattern',
    (m) => (m.name = 'a1-b'),
    (m) => (m.name = 'Radar'),
    schema('/name', 'does not match ^[a-z][a-z0-9-]{1,47}$'),
  ],
  [
    'name ≥ 2 chars',
    (m) => (m.name = 'ab'),
    (m) => (m.name = 'a'),
    schema('/name', 'does not match ^[a-z][a-z0-9-]{1,47}$'),
  ],
  [
    'name ≤ 48 chars',
    (m) => (m.name = 'a'.repeat(48)),
    (m) => (m.name = 'a'.repeat(49)),
    schema('/name', 'does not match ^[a-z][a-z0-9-]{1,47}$'),
  ],
  ['displayName required', () => {}, (m) => delete m.displayName, schema('/displayName', 'is required')],
  [
    'displayName ≤ 80',
    (m) => (m.displayName = 'x'.repeat(80)),
    (m) => (m.displayName = 'x'.repeat(81)),
    schema('/displayName', 'longer than 80'),
  ],
  [
    'displayName not empty',
    (m) => (m.displayName = 'x'),
    (m) => (m.displayName = ''),
    schema('/displayName', 'shorter than 1'),
  ],
  [
    'localized needs en',
    (m) => (m.displayName = { en: 'x' }),
    (m) => (m.displayName = { ru: 'x' }),
    schema('/displayName/en', 'is required'),
  ],
  [
    'localized languages only',
    (m) => (m.displayName = { en: 'x', zh: 'y' }),
    (m) => (m.displayName = { en: 'x', de: 'y' }),
    schema('/displayName/de', 'is not allowed'),
  ],
  [
    'localized variant ≤ 80',
    (m) => (m.displayName = { en: 'x', ru: 'y'.repeat(80) }),
    (m) => (m.displayName = { en: 'x', ru: 'y'.repeat(81) }),
    schema('/displayName/ru', 'longer than 80'),
  ],
  [
    'localized is string or object',
    () => {},
    (m) => (m.displayName = ['x']),
    schema('/displayName', 'expected string or object, got array'),
  ],
  [
    'version semver',
    (m) => (m.version = '1.2.3-beta.1+build.5'),
    (m) => (m.version = '1.2'),
    schema(
      '/version',
      'does not match ^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?$',
    ),
  ],
  [
    'version ≤ 64',
    (m) => (m.version = `1.0.0-${'a'.repeat(58)}`),
    (m) => (m.version = `1.0.0-${'a'.repeat(59)}`),
    schema('/version', 'longer than 64'),
  ],
  [
    'description ≤ 300',
    (m) => (m.description = 'x'.repeat(300)),
    (m) => (m.description = { en: 'x'.repeat(301) }),
    schema('/description/en', 'longer than 300'),
  ],
  [
    'author name required',
    (m) => (m.author = { name: 'Me' }),
    (m) => (m.author = {}),
    schema('/author/name', 'is required'),
  ],
  [
    'author name ≤ 100',
    (m) => (m.author = { name: 'x'.repeat(100) }),
    (m) => (m.author = { name: 'x'.repeat(101) }),
    schema('/author/name', 'longer than 100'),
  ],
  [
    'author url https',
    (m) => (m.author = { name: 'a', url: 'https://a.dev' }),
    (m) => (m.author = { name: 'a', url: 'http://a.dev' }),
    schema('/author/url', 'does not match ^https://'),
  ],
  ['license 1–100', (m) => (m.license = 'MIT'), (m) => (m.license = ''), schema('/license', 'shorter than 1')],
  [
    'homepage uri',
    (m) => (m.homepage = 'https://x.dev'),
    (m) => (m.homepage = 'https://x dev'),
    schema('/homepage', 'not a valid uri'),
  ],
  [
    'homepage ≤ 500',
    (m) => (m.homepage = `https://x.dev/${'a'.repeat(486)}`),
    (m) => (m.homepage = `https://x.dev/${'a'.repeat(487)}`),
    schema('/homepage', 'longer than 500'),
  ],
  [
    'icon ≤ 240',
    (m) => (m.icon = `${'a'.repeat(236)}.png`),
    (m) => (m.icon = `${'a'.repeat(237)}.png`),
    schema('/icon', 'longer than 240'),
  ],
  ['protocol integer', () => {}, (m) => (m.protocol = 1.5), schema('/protocol', 'expected integer, got number')],
  ['protocol ≥ 1', () => {}, (m) => (m.protocol = 0), schema('/protocol', 'less than 1')],
  ['protocol ≤ 1000', () => {}, (m) => (m.protocol = 1001), schema('/protocol', 'greater than 1000')],
  [
    'minAppVersion semver',
    (m) => (m.minAppVersion = '0.1.254'),
    (m) => (m.minAppVersion = 'v0.1'),
    schema(
      '/minAppVersion',
      'does not match ^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?$',
    ),
  ],
  ['entry 1–240', (m) => (m.entry = 'dist/index.html'), (m) => (m.entry = ''), schema('/entry', 'shorter than 1')],
  [
    'size w integer',
    (m) => (m.card = { defaultSize: size(460, 340) }),
    (m) => (m.card = { defaultSize: size(460.5, 340) }),
    schema('/card/defaultSize/w', 'expected integer, got number'),
  ],
  [
    'size w ≥ 200',
    (m) => (m.card = { minSize: size(200, 120) }),
    (m) => (m.card = { minSize: size(199, 120) }),
    schema('/card/minSize/w', 'less than 200'),
  ],
  [
    'size h ≤ 1800',
    (m) => (m.card = { maxSize: size(2400, 1800) }),
    (m) => (m.card = { maxSize: size(2400, 1801) }),
    schema('/card/maxSize/h', 'greater than 1800'),
  ],
  [
    'size needs w and h',
    () => {},
    (m) => (m.card = { defaultSize: { w: 300 } }),
    schema('/card/defaultSize/h', 'is required'),
  ],
  [
    'permissions ≤ 32',
    (m) => (m.permissions = Array(32).fill('agents.read')),
    (m) => (m.permissions = Array(33).fill('agents.read')),
    schema('/permissions', 'more than 32 items'),
  ],
  [
    'permission id ≤ 64',
    () => {},
    (m) => (m.permissions = ['x'.repeat(65)]),
    schema('/permissions/0', 'longer than 64'),
  ],
  [
    'permission object needs id',
    () => {},
    (m) => (m.permissions = [{ optional: true }]),
    schema('/permissions/0/id', 'is required'),
  ],
  [
    'permission hosts ≤ 32',
    () => {},
    (m) => (m.permissions = [{ id: 'network', hosts: Array(33).fill('a.dev') }]),
    schema('/permissions/0/hosts', 'more than 32 items'),
  ],
  [
    'permission host ≤ 260',
    () => {},
    (m) => (m.permissions = [{ id: 'network', hosts: ['a'.repeat(261)] }]),
    schema('/permissions/0/hosts/0', 'longer than 260'),
  ],
  [
    'permission optional boolean',
    (m) => (m.permissions = [{ id: 'fs.read', optional: true }]),
    (m) => (m.permissions = [{ id: 'fs.read', optional: 'yes' }]),
    schema('/permissions/0/optional', 'expected boolean, got string'),
  ],
  [
    'permission reason ≤ 300',
    (m) => (m.permissions = [{ id: 'fs.read', reason: 'x' }]),
    (m) => (m.permissions = [{ id: 'fs.read', reason: 'x'.repeat(301) }]),
    schema('/permissions/0/reason', 'longer than 300'),
  ],
  [
    'settings ≤ 40',
    (m) => (m.settings = Array.from({ length: 40 }, (_v, i) => setting({ key: `k${i}` }))),
    (m) => (m.settings = Array.from({ length: 41 }, (_v, i) => setting({ key: `k${i}` }))),
    schema('/settings', 'more than 40 items'),
  ],
  [
    'setting key pattern',
    (m) => (m.settings = [setting({ key: 'a_B-1' })]),
    (m) => (m.settings = [setting({ key: '1a' })]),
    schema('/settings/0/key', 'does not match ^[a-zA-Z][a-zA-Z0-9_-]{0,63}$'),
  ],
  [
    'setting type',
    (m) => (m.settings = [setting({ type: 'text' })]),
    (m) => (m.settings = [setting({ type: 'date' })]),
    schema('/settings/0/type', 'must be one of "string", "text", "number", "boolean", "select", "secret", "color"'),
  ],
  [
    'setting label required',
    () => {},
    (m) => (m.settings = [{ key: 'a', type: 'string' }]),
    schema('/settings/0/label', 'is required'),
  ],
  [
    'setting default scalar',
    (m) => (m.settings = [setting({ default: 'x' })]),
    (m) => (m.settings = [setting({ default: null })]),
    schema('/settings/0/default', 'expected string or number or boolean, got null'),
  ],
  [
    'setting scope',
    (m) => (m.settings = [setting({ scope: 'package' })]),
    (m) => (m.settings = [setting({ scope: 'global' })]),
    schema('/settings/0/scope', 'must be one of "instance", "package"'),
  ],
  [
    'setting maxLength 1–100000',
    (m) => (m.settings = [setting({ maxLength: 100_000 })]),
    (m) => (m.settings = [setting({ maxLength: 0 })]),
    schema('/settings/0/maxLength', 'less than 1'),
  ],
  [
    'setting step > 0',
    (m) => (m.settings = [setting({ type: 'number', step: 0.5 })]),
    (m) => (m.settings = [setting({ type: 'number', step: 0 })]),
    schema('/settings/0/step', 'must be greater than 0'),
  ],
  [
    'setting options ≥ 1',
    () => {},
    (m) => (m.settings = [setting({ type: 'select', options: [] })]),
    schema('/settings/0/options', 'fewer than 1 items'),
  ],
  [
    'setting option value ≤ 200',
    () => {},
    (m) => (m.settings = [setting({ type: 'select', options: [{ value: 'x'.repeat(201), label: 'X' }] })]),
    schema('/settings/0/options/0/value', 'longer than 200'),
  ],
  [
    'inputs ≤ 16',
    (m) => (m.ports = { inputs: Array.from({ length: 16 }, (_v, i) => input({ id: `i${i}` })) }),
    (m) => (m.ports = { inputs: Array.from({ length: 17 }, (_v, i) => input({ id: `i${i}` })) }),
    schema('/ports/inputs', 'more than 16 items'),
  ],
  [
    'port id pattern',
    (m) => (m.ports = { outputs: [output({ id: 'a-1' })] }),
    (m) => (m.ports = { outputs: [output({ id: 'A' })] }),
    schema('/ports/outputs/0/id', 'does not match ^[a-z][a-z0-9-]{0,31}$'),
  ],
  [
    'port type ≤ 97',
    () => {},
    (m) => (m.ports = { inputs: [input({ type: 'x'.repeat(98) })] }),
    schema('/ports/inputs/0/type', 'longer than 97'),
  ],
  [
    'port description ≤ 500',
    (m) => (m.ports = { inputs: [input({ description: 'x'.repeat(500) })] }),
    (m) => (m.ports = { inputs: [input({ description: 'x'.repeat(501) })] }),
    schema('/ports/inputs/0/description', 'longer than 500'),
  ],
  [
    'port schema object',
    () => {},
    (m) => (m.ports = { inputs: [input({ schema: true })] }),
    schema('/ports/inputs/0/schema', 'expected object, got boolean'),
  ],
  [
    'port mode',
    () => {},
    (m) => (m.ports = { inputs: [input({ mode: 'push' })] }),
    schema('/ports/inputs/0/mode', 'must be one of "stream", "request"'),
  ],
  [
    'response needs type',
    () => {},
    (m) => (m.ports = { inputs: [input({ mode: 'request', response: {} })] }),
    schema('/ports/inputs/0/response/type', 'is required'),
  ],
  [
    'port retain boolean',
    () => {},
    (m) => (m.ports = { outputs: [output({ retain: 1 })] }),
    schema('/ports/outputs/0/retain', 'expected boolean, got integer'),
  ],
  [
    'tools ≤ 32',
    (m) => (m.tools = Array.from({ length: 32 }, (_v, i) => tool({ name: `t${i}` }))),
    (m) => (m.tools = Array.from({ length: 33 }, (_v, i) => tool({ name: `t${i}` }))),
    schema('/tools', 'more than 32 items'),
  ],
  [
    'tool name pattern',
    (m) => (m.tools = [tool({ name: 'a_1' })]),
    (m) => (m.tools = [tool({ name: 'run-tests' })]),
    schema('/tools/0/name', 'does not match ^[a-z][a-z0-9_]{0,39}$'),
  ],
  [
    'tool description 1–2000',
    (m) => (m.tools = [tool({ description: 'x'.repeat(2000) })]),
    (m) => (m.tools = [tool({ description: 'x'.repeat(2001) })]),
    schema('/tools/0/description', 'longer than 2000'),
  ],
  [
    'tool inputSchema required',
    () => {},
    (m) => (m.tools = [{ name: 'a', description: 'b' }]),
    schema('/tools/0/inputSchema', 'is required'),
  ],
  [
    'tool title ≤ 80',
    (m) => (m.tools = [tool({ title: 'x'.repeat(80) })]),
    (m) => (m.tools = [tool({ title: 'x'.repeat(81) })]),
    schema('/tools/0/title', 'longer than 80'),
  ],
  [
    'tool timeoutMs ≥ 1000',
    (m) => (m.tools = [tool({ timeoutMs: 1000 })]),
    (m) => (m.tools = [tool({ timeoutMs: 999 })]),
    schema('/tools/0/timeoutMs', 'less than 1000'),
  ],
  [
    'tool timeoutMs ≤ 120000',
    (m) => (m.tools = [tool({ timeoutMs: 120_000 })]),
    (m) => (m.tools = [tool({ timeoutMs: 120_001 })]),
    schema('/tools/0/timeoutMs', 'greater than 120000'),
  ],
  [
    'tool readOnly boolean',
    (m) => (m.tools = [tool({ readOnly: true })]),
    (m) => (m.tools = [tool({ readOnly: 'true' })]),
    schema('/tools/0/readOnly', 'expected boolean, got string'),
  ],
  [
    'keywords ≤ 20',
    (m) => (m.keywords = Array.from({ length: 20 }, (_v, i) => `k${i}`)),
    (m) => (m.keywords = Array.from({ length: 21 }, (_v, i) => `k${i}`)),
    schema('/keywords', 'more than 20 items'),
  ],
  [
    'keywords unique',
    (m) => (m.keywords = ['a', 'b']),
    (m) => (m.keywords = ['a', 'a']),
    schema('/keywords', 'items must be unique'),
  ],
  [
    'keyword ≤ 40',
    (m) => (m.keywords = ['x'.repeat(40)]),
    (m) => (m.keywords = ['x'.repeat(41)]),
    schema('/keywords/0', 'longer than 40'),
  ],
];

const BAD_TEXT = 'control, bidi and invisible (zero-width, tag) characters are not allowed';

const semanticRows: [string, Mutation, Mutation, ManifestIssue][] = [
  [
    'protocol ≤ app protocol',
    (m) => (m.protocol = 1),
    (m) => (m.protocol = 2),
    {
      path: '/protocol',
      message: 'built for card protocol 2; this app speaks 1 — update NeuroSquad',
      code: 'protocol',
    },
  ],
  ['reserved name', (m) => (m.name = 'notes'), (m) => (m.name = 'note'), semantic('/name', '"note" is reserved')],
  [
    'reserved name (1.1+)',
    (m) => (m.name = 'memories'),
    (m) => (m.name = 'memory'),
    semantic('/name', '"memory" is reserved'),
  ],
  [
    'single-line text: no control characters',
    (m) => (m.displayName = 'Radar'),
    (m) => (m.displayName = 'Ra\tdar'),
    semantic('/displayName', BAD_TEXT),
  ],
  [
    'single-line text: no newline',
    (m) => (m.author = { name: 'Me' }),
    (m) => (m.author = { name: 'Me\nYou' }),
    semantic('/author/name', BAD_TEXT),
  ],
  [
    'single-line text: no bidi override',
    (m) => (m.license = 'MIT'),
    (m) => (m.license = 'MIT\u202e'),
    semantic('/license', BAD_TEXT),
  ],
  [
    'single-line text: no zero-width',
    (m) => (m.keywords = ['ok']),
    (m) => (m.keywords = ['ok', 'a\u200bb']),
    semantic('/keywords/1', BAD_TEXT),
  ],
  [
    'single-line text: no U+2028',
    (m) => (m.settings = [setting()]),
    (m) => (m.settings = [setting({ label: 'a\u2028b' })]),
    semantic('/settings/0/label', BAD_TEXT),
  ],
  [
    'single-line text: placeholder',
    (m) => (m.settings = [setting({ placeholder: 'npm test' })]),
    (m) => (m.settings = [setting({ placeholder: 'npm\u2066test' })]),
    semantic('/settings/0/placeholder', BAD_TEXT),
  ],
  [
    'single-line text: option label',
    (m) => (m.settings = [setting({ type: 'select', options: [{ value: 'a', label: 'A' }] })]),
    (m) => (m.settings = [setting({ type: 'select', options: [{ value: 'a', label: { en: 'A', zh: 'A\u0000' } }] })]),
    semantic('/settings/0/options/0/label/zh', BAD_TEXT),
  ],
  [
    'single-line text: port label',
    (m) => (m.ports = { inputs: [input()] }),
    (m) => (m.ports = { inputs: [input({ label: { en: 'In', ru: 'В\u200dход' } })] }),
    semantic('/ports/inputs/0/label/ru', BAD_TEXT),
  ],
  [
    'single-line text: tool title',
    (m) => (m.tools = [tool({ title: 'Run' })]),
    (m) => (m.tools = [tool({ title: 'Run\u{E0041}' })]),
    semantic('/tools/0/title', BAD_TEXT),
  ],
  [
    'multi-line text: tab and newline allowed',
    (m) => (m.description = 'a\n\tb'),
    (m) => (m.description = 'a\rb'),
    semantic('/description', BAD_TEXT),
  ],
  [
    'multi-line text: no C1 controls',
    (m) => (m.description = { en: 'a\nb' }),
    (m) => (m.description = { en: 'a\u0085b' }),
    semantic('/description/en', BAD_TEXT),
  ],
  [
    'multi-line text: permission reason',
    (m) => (m.permissions = [{ id: 'fs.read', reason: 'Reads\nfiles' }]),
    (m) => (m.permissions = [{ id: 'fs.read', reason: 'Reads\u202efiles' }]),
    semantic('/permissions/0/reason', BAD_TEXT),
  ],
  [
    'multi-line text: setting description',
    (m) => (m.settings = [setting({ description: 'a\nb' })]),
    (m) => (m.settings = [setting({ description: 'a\u2029b' })]),
    semantic('/settings/0/description', BAD_TEXT),
  ],
  [
    'multi-line text: port description',
    (m) => (m.ports = { outputs: [output({ description: 'a\nb' })] }),
    (m) => (m.ports = { outputs: [output({ description: 'a\u000bb' })] }),
    semantic('/ports/outputs/0/description', BAD_TEXT),
  ],
  [
    'multi-line text: tool description',
    (m) => (m.tools = [tool({ description: 'a\n\tb' })]),
    (m) => (m.tools = [tool({ description: 'a\u007fb' })]),
    semantic('/tools/0/description', BAD_TEXT),
  ],
  [
    'entry follows package path rules',
    (m) => (m.entry = 'dist/index.html'),
    (m) => (m.entry = '/dist/index.html'),
    semantic('/entry', 'absolute path'),
  ],
  [
    'entry is .html or .htm',
    (m) => (m.entry = 'app/INDEX.HTM'),
    (m) => (m.entry = 'index.js'),
    semantic('/entry', 'entry must be an .html file'),
  ],
  [
    'entry not under __ns/',
    () => {},
    (m) => (m.entry = '__ns/index.html'),
    semantic('/entry', 'paths under __ns/ are reserved'),
  ],
  [
    'icon follows package path rules',
    (m) => (m.icon = 'icon.png'),
    (m) => (m.icon = 'assets\\icon.png'),
    semantic('/icon', 'backslash in path'),
  ],
  [
    'icon is .png or .webp',
    (m) => (m.icon = 'icon.WEBP'),
    (m) => (m.icon = 'icon.svg'),
    semantic('/icon', 'icon must be a .png or .webp file'),
  ],
  [
    'sizes ordered (width)',
    (m) => (m.card = { defaultSize: size(200, 300), minSize: size(200, 120) }),
    (m) => (m.card = { defaultSize: size(300, 300), minSize: size(400, 120) }),
    semantic('/card', 'sizes must satisfy minSize ≤ defaultSize ≤ maxSize'),
  ],
  [
    'sizes ordered (default height vs max)',
    (m) => (m.card = { maxSize: size(420, 320) }),
    (m) => (m.card = { maxSize: size(2400, 300) }),
    semantic('/card', 'sizes must satisfy minSize ≤ defaultSize ≤ maxSize'),
  ],
  [
    'known permission ids',
    (m) => (m.permissions = ['usage.read']),
    (m) => (m.permissions = ['agents.read', 'agents.write']),
    semantic('/permissions/1', 'unknown permission "agents.write"'),
  ],
  [
    'hosts only on network',
    (m) => (m.permissions = [{ id: 'network', hosts: ['a.dev'] }]),
    (m) => (m.permissions = [{ id: 'network.local', hosts: ['a.dev'] }]),
    semantic('/permissions/0', '"network.local" does not take hosts'),
  ],
  [
    'valid hosts',
    (m) => (m.permissions = [{ id: 'network', hosts: ['*.a.dev:8443'] }]),
    (m) => (m.permissions = [{ id: 'network', hosts: ['a.dev', 'https://b.dev'] }]),
    semantic('/permissions/0', 'host "https://b.dev": a host, not a URL (no scheme, path or IP literal)'),
  ],
  [
    'network needs hosts',
    (m) => (m.permissions = ['network', { id: 'network', hosts: ['a.dev'] }]),
    (m) => (m.permissions = ['network']),
    semantic('/permissions/0', '"network" needs a non-empty "hosts" list'),
  ],
  [
    'at most 32 hosts after merging',
    (m) =>
      (m.permissions = [
        { id: 'network', hosts: Array.from({ length: 32 }, (_v, i) => `h${i}.dev`) },
        { id: 'network', hosts: ['h0.dev'] },
      ]),
    (m) =>
      (m.permissions = [
        { id: 'network', hosts: Array.from({ length: 32 }, (_v, i) => `h${i}.dev`) },
        { id: 'network', hosts: ['x.dev'] },
      ]),
    semantic('/permissions/0', 'at most 32 hosts'),
  ],
  [
    'duplicate setting key',
    (m) => (m.settings = [setting(), setting({ key: 'other' })]),
    (m) => (m.settings = [setting(), setting()]),
    semantic('/settings/1/key', 'duplicate setting "command"'),
  ],
  [
    'secret without default',
    (m) => (m.settings = [setting({ type: 'secret' })]),
    (m) => (m.settings = [setting({ type: 'secret', default: 'x' })]),
    semantic('/settings/0/default', 'a secret cannot have a default'),
  ],
  [
    'select needs options',
    (m) => (m.settings = [setting({ type: 'select', options: [{ value: 'a', label: 'A' }] })]),
    (m) => (m.settings = [setting({ type: 'select' })]),
    semantic('/settings/0', 'a select needs options'),
  ],
  [
    'only a select has options',
    () => {},
    (m) => (m.settings = [setting({ options: [{ value: 'a', label: 'A' }] })]),
    semantic('/settings/0/options', 'only a select has options'),
  ],
  [
    'number default is a number',
    (m) => (m.settings = [setting({ type: 'number', default: 5 })]),
    (m) => (m.settings = [setting({ type: 'number', default: '5' })]),
    semantic('/settings/0/default', 'default must be a number'),
  ],
  [
    'boolean default is a boolean',
    (m) => (m.settings = [setting({ type: 'boolean', default: false })]),
    (m) => (m.settings = [setting({ type: 'boolean', default: 0 })]),
    semantic('/settings/0/default', 'default must be a boolean'),
  ],
  [
    'other defaults are strings',
    (m) => (m.settings = [setting({ type: 'text', default: '' })]),
    (m) => (m.settings = [setting({ default: true })]),
    semantic('/settings/0/default', 'default must be a string'),
  ],
  [
    'select default among options',
    (m) => (m.settings = [setting({ type: 'select', default: 'a', options: [{ value: 'a', label: 'A' }] })]),
    (m) => (m.settings = [setting({ type: 'select', default: 'b', options: [{ value: 'a', label: 'A' }] })]),
    semantic('/settings/0/default', 'default must be one of the options'),
  ],
  [
    'color default #rrggbb',
    (m) => (m.settings = [setting({ type: 'color', default: '#00aaFF' })]),
    (m) => (m.settings = [setting({ type: 'color', default: '#0af' })]),
    semantic('/settings/0/default', 'a color default is #rrggbb'),
  ],
  [
    'number default within min/max',
    (m) => (m.settings = [setting({ type: 'number', default: 5, min: 5, max: 10 })]),
    (m) => (m.settings = [setting({ type: 'number', default: 11, min: 5, max: 10 })]),
    semantic('/settings/0/default', 'default is outside min/max'),
  ],
  [
    'number default not below min',
    (m) => (m.settings = [setting({ type: 'number', default: 10, min: 5, max: 10 })]),
    (m) => (m.settings = [setting({ type: 'number', default: 4, min: 5 })]),
    semantic('/settings/0/default', 'default is outside min/max'),
  ],
  [
    'min ≤ max',
    (m) => (m.settings = [setting({ type: 'number', min: 5, max: 5 })]),
    (m) => (m.settings = [setting({ type: 'number', min: 6, max: 5 })]),
    semantic('/settings/0', 'min is greater than max'),
  ],
  [
    'duplicate port id',
    (m) => (m.ports = { inputs: [input()], outputs: [output({ id: 'in' })] }),
    (m) => (m.ports = { outputs: [output(), output()] }),
    semantic('/ports/outputs/1/id', 'duplicate port "out"'),
  ],
  [
    'port type ns:* or custom',
    (m) => (m.ports = { inputs: [input({ type: 'ns:file-ref' })] }),
    (m) => (m.ports = { inputs: [input({ type: 'ns:file' })] }),
    semantic('/ports/inputs/0/type', 'type must be an ns:* type or "<package-name>/<type-name>"'),
  ],
  [
    'custom type shape',
    (m) => (m.ports = { inputs: [input({ type: 'test-radar/run', schema: { type: 'object' } })] }),
    (m) => (m.ports = { inputs: [input({ type: 'Test/run', schema: { type: 'object' } })] }),
    semantic('/ports/inputs/0/type', 'type must be an ns:* type or "<package-name>/<type-name>"'),
  ],
  [
    'custom type needs a schema',
    () => {},
    (m) => (m.ports = { outputs: [output({ type: 'test-radar/coverage' })] }),
    semantic('/ports/outputs/0', 'a custom type needs a schema'),
  ],
  [
    'port schema in the safe subset',
    (m) => (m.ports = { inputs: [input({ schema: { maxLength: 10 } })] }),
    (m) => (m.ports = { inputs: [input({ schema: { properties: { x: { pattern: '^a' } } } })] }),
    semantic(
      '/ports/inputs/0/schema/properties/x/pattern',
      '"pattern" is not allowed in card schemas (use enum, format or maxLength)',
    ),
  ],
  [
    'outputs have no mode',
    (m) => (m.ports = { outputs: [output({ retain: true })] }),
    (m) => (m.ports = { outputs: [output({ mode: 'stream' })] }),
    semantic('/ports/outputs/0', 'mode, response and default are for inputs'),
  ],
  [
    'outputs have no default',
    () => {},
    (m) => (m.ports = { outputs: [output({ default: false })] }),
    semantic('/ports/outputs/0', 'mode, response and default are for inputs'),
  ],
  [
    'inputs have no retain',
    (m) => (m.ports = { inputs: [input({ default: true })] }),
    (m) => (m.ports = { inputs: [input({ retain: false })] }),
    semantic('/ports/inputs/0', 'retain is for outputs'),
  ],
  [
    'at most one default input',
    (m) => (m.ports = { inputs: [input({ default: true }), input({ id: 'b', default: false })] }),
    (m) => (m.ports = { inputs: [input({ default: true }), input({ id: 'b', default: true })] }),
    semantic('/ports/inputs', 'at most one default input'),
  ],
  [
    'request input needs a response',
    (m) => (m.ports = { inputs: [input({ mode: 'request', response: { type: 'ns:json' } })] }),
    (m) => (m.ports = { inputs: [input({ mode: 'request' })] }),
    semantic('/ports/inputs/0', 'a request input needs a response type'),
  ],
  [
    'valid response type',
    (m) => (m.ports = { inputs: [input({ mode: 'request', response: { type: 'other/answer' } })] }),
    (m) => (m.ports = { inputs: [input({ mode: 'request', response: { type: 'json' } })] }),
    semantic('/ports/inputs/0/response/type', 'invalid response type'),
  ],
  [
    'response schema in the safe subset',
    (m) =>
      (m.ports = { inputs: [input({ mode: 'request', response: { type: 'ns:json', schema: { type: 'object' } } })] }),
    (m) => (m.ports = { inputs: [input({ mode: 'request', response: { type: 'ns:json', schema: { type: 'map' } } })] }),
    semantic('/ports/inputs/0/response/schema/type', 'unknown type'),
  ],
  [
    'only request inputs have a response',
    (m) => (m.ports = { inputs: [input({ mode: 'stream' })] }),
    (m) => (m.ports = { inputs: [input({ response: { type: 'ns:json' } })] }),
    semantic('/ports/inputs/0/response', 'only a request input has a response'),
  ],
  [
    'label not blank',
    (m) => (m.ports = { inputs: [input({ label: { en: 'In', ru: 'Вход' } })] }),
    (m) => (m.ports = { inputs: [input({ label: '   ' })] }),
    semantic('/ports/inputs/0/label', 'empty label or description'),
  ],
  [
    'description not blank',
    (m) => (m.ports = { outputs: [output({ description: 'x' })] }),
    (m) => (m.ports = { outputs: [output({ description: { en: 'x', zh: ' ' } })] }),
    semantic('/ports/outputs/0/description', 'empty label or description'),
  ],
  [
    'duplicate tool name',
    (m) => (m.tools = [tool(), tool({ name: 'other' })]),
    (m) => (m.tools = [tool(), tool()]),
    semantic('/tools/1/name', 'duplicate tool "run_tests"'),
  ],
  [
    'full name not a built-in tool',
    (m) => ((m.name = 'terminal-x'), (m.tools = [tool({ name: 'run' })])),
    (m) => ((m.name = 'canvas-spawn'), (m.tools = [tool({ name: 'card' })])),
    semantic('/tools/0/name', '"canvas_spawn_card" is a built-in NeuroSquad tool'),
  ],
  [
    'full name has no __',
    (m) => (m.tools = [tool({ name: 'a_b' })]),
    (m) => (m.tools = [tool({ name: 'a__b' })]),
    semantic('/tools/0/name', '"test_radar_a__b" contains "__" (reserved for installed MCP servers)'),
  ],
  [
    'inputSchema type object',
    (m) => (m.tools = [tool({ inputSchema: { type: 'object', properties: {} } })]),
    (m) => (m.tools = [tool({ inputSchema: { properties: {} } })]),
    semantic('/tools/0/inputSchema/type', 'inputSchema must have type "object"'),
  ],
  [
    '"card" argument reserved',
    (m) => (m.tools = [tool({ inputSchema: { type: 'object', properties: { cards: {} } } })]),
    (m) => (m.tools = [tool({ inputSchema: { type: 'object', properties: { card: {} } } })]),
    semantic(
      '/tools/0/inputSchema/properties/card',
      '"card" is reserved (the host adds it to pick among several cards)',
    ),
  ],
  [
    'inputSchema in the safe subset',
    (m) => (m.tools = [tool({ inputSchema: { type: 'object', properties: { n: { enum: [1, 2] } } } })]),
    (m) => (m.tools = [tool({ inputSchema: { type: 'object', properties: { n: { enum: [] } } } })]),
    semantic('/tools/0/inputSchema/properties/n/enum', 'must be a list of 1–256 JSON values'),
  ],
];

describe('validateManifest', () => {
  it('accepts the minimal manifest', () => {
    expect(validateManifest(base())).toMatchObject({ ok: true, warnings: [] });
  });

  it.each(schemaRows)('schema: %s', (_rule, pass, fail, expected) => {
    expect(issuesOf(pass)).toEqual([]);
    expect(issuesOf(fail)).toEqual([expected]);
  });

  it.each(semanticRows)('semantic: %s', (_rule, pass, fail, expected) => {
    expect(issuesOf(pass)).toEqual([]);
    expect(issuesOf(fail)).toEqual([expected]);
  });

  it('reports schema and semantic issues in one pass', () => {
    const result = validateManifest({
      ...base(),
      name: 'My_Card',
      permissions: ['terminal.write'],
      settings: [{ key: 'count', type: 'numbr', label: 'Count', default: 3 }],
      ports: { outputs: [{ id: 'out', label: 'Out', type: 'ns:taks' }] },
      permision: [],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues).toEqual([
      schema('/name', 'does not match ^[a-z][a-z0-9-]{1,47}$'),
      schema('/settings/0/type', 'must be one of "string", "text", "number", "boolean", "select", "secret", "color"'),
      schema('/permision', 'is not allowed'),
      semantic('/permissions/0', 'unknown permission "terminal.write"'),
      semantic('/ports/outputs/0/type', 'type must be an ns:* type or "<package-name>/<type-name>"'),
    ]);
  });

  it('leaves out a semantic issue about a place the schema already reports', () => {
    expect(issuesOf((m) => ((m.name = 'note'), (m.version = 'x')))).toEqual([
      schema('/version', expect.stringContaining('does not match') as unknown as string),
      semantic('/name', '"note" is reserved'),
    ]);
    // The size rule is about /card, where the schema reports a missing height: one finding, the schema's.
    expect(issuesOf((m) => (m.card = { defaultSize: { w: 300 } }))).toEqual([
      schema('/card/defaultSize/h', 'is required'),
    ]);
  });

  it('answers a value that is not a JSON object with the schema alone', () => {
    for (const value of [null, 'name', [1], 3]) {
      const result = validateManifest(value);
      expect(result.ok).toBe(false);
      expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual(['schema']);
    }
  });

  it('reports at most 50 schema issues', () => {
    const result = validateManifest(apply((m) => (m.keywords = Array.from({ length: 20 }, () => 5))));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.length).toBe(21);
    const many = validateManifest(
      apply((m) => Object.assign(m, Object.fromEntries(Array.from({ length: 60 }, (_v, i) => [`x${i}`, 1])))),
    );
    expect(!many.ok && many.issues.length).toBe(50);
  });

  it('refuses values that are not plain JSON', () => {
    expect(validateManifest(apply((m) => (m.protocol = Number.NaN)))).toEqual({
      ok: false,
      issues: [schema('/protocol', 'not a JSON value (NaN, Infinity, undefined, function or class instance)')],
      warnings: [],
    });
    expect(validateManifest(null)).toMatchObject({ ok: false, issues: [schema('', 'expected object, got null')] });
  });

  it('accepts a newer protocol when the app speaks it', () => {
    expect(
      validateManifest(
        apply((m) => (m.protocol = 2)),
        { protocol: 2 },
      ).ok,
    ).toBe(true);
  });

  it('reports text issues in manifest order', () => {
    const bad = 'a\u200bb';
    expect(
      issuesOf((m) => ((m.license = bad), (m.displayName = bad), (m.description = bad))).map((i) => i.path),
    ).toEqual(['/displayName', '/description', '/license']);
  });

  it('collects every semantic issue', () => {
    expect(
      issuesOf((m) => ((m.name = 'todo'), (m.entry = 'main.js'), (m.icon = 'icon.svg'))).map((i) => i.path),
    ).toEqual(['/name', '/entry', '/icon']);
  });

  it('warns about custom types of another package', () => {
    const result = validateManifest(
      apply((m) => (m.ports = { inputs: [input({ type: 'other-card/data', schema: { type: 'object' } })] })),
    );
    expect(result).toMatchObject({
      ok: true,
      warnings: [
        {
          path: '/ports/inputs/0/type',
          message: 'custom type of another package ("other-card") — fine when you mean to interoperate',
        },
      ],
    });
    const own = validateManifest(
      apply((m) => (m.ports = { inputs: [input({ type: 'test-radar/data', schema: { type: 'object' } })] })),
    );
    expect(own).toMatchObject({ ok: true, warnings: [] });
  });

  it('refuses the 1.3 built-in agent_switch_harness', () => {
    expect(issuesOf((m) => ((m.name = 'agent-switch'), (m.tools = [tool({ name: 'harness' })])))).toEqual([
      semantic('/tools/0/name', '"agent_switch_harness" is a built-in NeuroSquad tool'),
    ]);
  });

  it('normalizes the manifest', () => {
    const result = validateManifest(
      apply((m) => {
        m.entry = 'dist/index.html/';
        m.card = { defaultSize: size(460, 340) };
        m.permissions = [
          { id: 'network', hosts: ['api.github.com:443'], optional: true },
          'agents.read',
          { id: 'network', hosts: ['*.example.com'], reason: 'Fetches' },
          { id: 'fs.read', optional: true, reason: '  ' },
          { id: 'fs.read', optional: true, reason: { en: 'Reads' } },
        ];
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.manifest).toEqual({
      ...base(),
      entry: 'dist/index.html',
      card: { defaultSize: size(460, 340), minSize: size(200, 120), maxSize: size(2400, 1800) },
      permissions: [
        { id: 'agents.read', optional: false },
        { id: 'network', optional: false, reason: 'Fetches', hosts: ['*.example.com', 'api.github.com'] },
        { id: 'fs.read', optional: true, reason: { en: 'Reads' } },
      ],
      settings: [],
      ports: { inputs: [], outputs: [] },
      tools: [],
    });
  });

  it('defaults the entry to index.html and does not touch the input', () => {
    const manifest = base();
    const result = validateManifest(manifest);
    expect(result.ok && result.manifest.entry).toBe('index.html');
    expect(manifest).toEqual(base());
  });
});

describe('settingsDefaults', () => {
  it('maps every non-secret setting with a default', () => {
    expect(
      settingsDefaults({
        settings: [
          setting({ default: 'npm test' }),
          setting({ key: 'token', type: 'secret' }),
          setting({ key: 'n', type: 'number', default: 0 }),
          setting({ key: 'flag', type: 'boolean', default: false }),
          setting({ key: 'none' }),
        ],
      }),
    ).toEqual({ command: 'npm test', n: 0, flag: false });
    expect(settingsDefaults(undefined)).toEqual({});
  });
});

describe('parseManifestText', () => {
  it('parses an object and ignores a BOM', () => {
    expect(parseManifestText('\ufeff{"name":"x"}')).toEqual({ name: 'x' });
  });

  it('says where the JSON breaks, by line and column', () => {
    const error: unknown = (() => {
      try {
        return parseManifestText('{\n  "name": "x",\n  "version" "1.0.0"\n}');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({
      code: 'INVALID_PARAMS',
      hostMessage: 'neurosquad-card.json is not valid JSON at line 3, column 13: Unexpected string',
      data: { line: 3, column: 13 },
    });
  });

  const rows: [string, string, string, string][] = [
    ['invalid JSON', '{"name":', 'INVALID_PARAMS', 'neurosquad-card.json is not valid JSON at line 1, column 9'],
    ['not an object', '[1]', 'INVALID_PARAMS', 'neurosquad-card.json must contain a JSON object'],
    [
      'larger than 256 KiB',
      `{"a":"${'é'.repeat(131_070)}"}`,
      'TOO_LARGE',
      'neurosquad-card.json is larger than 256 KB',
    ],
  ];
  it.each(rows)('refuses %s', (_rule, text, code, message) => {
    try {
      parseManifestText(text);
      expect.unreachable();
    } catch (error) {
      expect(isCardSdkError(error)).toBe(true);
      expect(isCardSdkError(error) && error.code).toBe(code);
      expect(isCardSdkError(error) && error.hostMessage).toContain(message);
    }
  });

  it('measures the size in UTF-8 bytes', () => {
    expect(parseManifestText(`{"a":"${'x'.repeat(262_000)}"}`)).toHaveProperty('a');
  });
});

describe('impersonationIssues', () => {
  const MESSAGE = 'only official cards may call themselves "NeuroSquad", "official" or "verified"';
  const rows: [string, Manifest, string[]][] = [
    ['plain names pass', { name: 'test-radar', displayName: 'Test radar', author: { name: 'Jane' } }, []],
    ['NeuroSquad in the display name', { name: 'x', displayName: 'NeuroSquad stats' }, ['/displayName']],
    ['Neuro Squad spelled apart', { name: 'x', displayName: { en: 'ok', ru: 'Neuro Squad' } }, ['/displayName/ru']],
    ['official in the name', { name: 'official-stats', displayName: 'x' }, ['/name']],
    ['verified author', { name: 'x', displayName: 'x', author: { name: 'Verified Cards' } }, ['/author/name']],
    ['words inside other words pass', { name: 'unofficial', displayName: 'Unverified ideas' }, []],
    [
      'a word joined in camel case',
      { name: 'x', displayName: 'OfficialStats', author: { name: 'VerifiedCards' } },
      ['/displayName', '/author/name'],
    ],
    [
      'a word before a digit or underscore',
      { name: 'x', displayName: { en: 'Official2', de: 'verified_tools' } },
      ['/displayName/en', '/displayName/de'],
    ],
    ['a longer word passes', { name: 'x', displayName: 'Officially cute', author: { name: 'verifiedly' } }, []],
    ['NeuroSquad with a Cyrillic o', { name: 'x', displayName: 'Neur\u043eSquad' }, ['/displayName']],
    [
      'Cyrillic and Greek look-alikes',
      { name: 'x', displayName: '\u039d\u0435ur\u043e\u0405qu\u0430d' },
      ['/displayName'],
    ],
    [
      'official and verified in Cyrillic letters',
      { name: 'x', displayName: '\u041efficial stats', author: { name: 'V\u0435r\u0456fied' } },
      ['/displayName', '/author/name'],
    ],
  ];
  it.each(rows)('%s', (_rule, manifest, paths) => {
    const issues = impersonationIssues(manifest);
    expect(issues.map((i) => i.path)).toEqual(paths);
    for (const issue of issues) expect(issue.message).toBe(MESSAGE);
  });
});

describe('tool names agents would see as one', () => {
  it('refuses the second tool whose exposed name, cut to 64 characters, equals the first', () => {
    const long = 'b'.repeat(30);
    const result = validateManifest({
      manifestVersion: 1,
      name: `card-${'x'.repeat(40)}`,
      displayName: 'X',
      version: '1.0.0',
      protocol: 1,
      tools: [
        { name: `${long}_one`, description: 'One.', inputSchema: { type: 'object', properties: {} } },
        { name: `${long}_two`, description: 'Two.', inputSchema: { type: 'object', properties: {} } },
      ],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(['/tools/1/name']);
  });
});
