import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MANIFEST_FILE } from '../contract/constants.js';
import { writeAgentsSection } from './agents-file.js';
import { validateManifest } from '../contract/manifest.js';
import { parseCommandArgs } from './args.js';
import { paletteFor, progressLine } from './colour.js';
import { appendAll } from './findings.js';
import { CREATE_HELP } from './help.js';
import { EXIT, RefusalError, UsageError, type CliIo, type ExitCode } from './io.js';
import { sanitizeText } from './sanitize.js';
import { sdkPackage, sdkTarballName, type SdkPackage } from './sdk-package.js';

/** The project templates `create` can start from. */
const TEMPLATES = ['vanilla', 'react'] as const;

/** One of `TEMPLATES`. */
export type TemplateName = (typeof TEMPLATES)[number];

/** Where the new card gets the SDK from: a tarball of this SDK in vendor/, or the registry. */
type SdkSource = 'tarball' | 'registry';

/** Everything `createCard` needs. */
export interface CreateOptions {
  /** Absolute path of the card folder to create or fill. */
  folder: string;
  template: TemplateName;
  /** Card name (the manifest `name`). */
  name: string;
  displayName: string;
  force?: boolean;
  sdk?: SdkSource;
  /** The SDK to copy templates and vendor files from (default: the one running). */
  sdkPackage?: SdkPackage;
  /** Called before each long step, with a line for people. */
  progress?: (text: string) => void;
}

/** What `createCard` wrote. */
export interface CreateResult {
  folder: string;
  /** Files written, relative to the folder, sorted. */
  files: string[];
  /** The `@neurosquad/card-sdk` dependency specifier in the new package.json. */
  sdkDependency: string;
}

const TEXT_FILES = /\.(json|md|html|ts|tsx|js|mjs|cjs|css|txt|svg)$|(^|\/)_?gitignore$/;

/** A path as a shell reads it back: as is when plain, else in single quotes (`'my card'`, `'it'\\''s'`). */
export function shellQuoted(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/** A card name derived from a folder name: lower-case, runs of other characters → "-". */
export function nameFromFolder(folder: string): string {
  return basename(folder)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+/g, '-')
    .slice(0, 48)
    .replace(/-+$/, '');
}

/** A display name derived from a card name: "test-radar" → "Test radar". */
export function displayNameFromName(name: string): string {
  const words = name.split('-').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MINIMAL_MANIFEST: Readonly<Record<string, unknown>> = { manifestVersion: 1, version: '0.1.0', protocol: 1 };

/**
 * Problems with a name and display name under the manifest's own rules (reserved names included), checked in the
 * template's manifest so its tools' full names count too (`my--card` would make `my__card_…`, reserved for MCP servers).
 */
export function nameProblems(
  name: string,
  displayName: string,
  templateManifest: Readonly<Record<string, unknown>> = MINIMAL_MANIFEST,
): string[] {
  const result = validateManifest({ ...templateManifest, name, displayName });
  if (result.ok) return [];
  return result.issues
    .filter((issue) => /^\/(?:name|displayName|tools\/\d+\/name)(?:\/|$)/.test(issue.path))
    .map((issue) =>
      issue.path === '/name' && issue.code === 'schema'
        ? `name: "${name}" is not a card name: use 2 to 48 lower-case letters, digits and hyphens, starting with a letter (for example ${nameFromFolder(name).replace(/^[^a-z]+/, '') || 'my-card'})`
        : `${issue.path.startsWith('/displayName') ? 'display name' : 'name'}: ${issue.message}`,
    );
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function listTemplate(folder: string, relative = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(folder, relative), { withFileTypes: true })) {
    const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') appendAll(files, listTemplate(folder, path));
    } else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}

// npm drops .gitignore from published packages, so templates keep it and .gitattributes as _gitignore and _gitattributes.
const targetPath = (path: string) => path.replace(/(^|\/)_(gitignore|gitattributes)$/, '$1.$2');

function fillTemplate(path: string, text: string, values: Record<string, string>): string {
  const displayName = path.endsWith('.json')
    ? JSON.stringify(values.displayName).slice(1, -1)
    : path.endsWith('.html')
      ? escapeHtml(values.displayName)
      : values.displayName;
  return text
    .replaceAll('__CARD_TOOL_PREFIX__', values.name.replace(/-/g, '_'))
    .replaceAll('__CARD_NAME__', values.name)
    .replaceAll('__CARD_DISPLAY_NAME__', displayName)
    .replaceAll('__SDK_VERSION__', values.sdkVersion)
    .replaceAll('__SDK_DEPENDENCY__', values.sdkDependency);
}

function folderEntries(folder: string): string[] | null {
  if (!existsSync(folder)) return null;
  if (!statSync(folder).isDirectory()) throw new RefusalError(`${folder} exists and is not a folder`);
  return readdirSync(folder);
}

/** Copies the SDK's browser build into vendor/ (for the no-build template), via the template's own script. */
async function vendorBrowserSdk(sdk: SdkPackage, folder: string): Promise<string[]> {
  const script = join(sdk.root, 'templates', 'vanilla', 'scripts', 'vendor-sdk.mjs');
  const module = (await import(pathToFileURL(script).href)) as {
    vendorSdk(distFolder: string, vendorFolder: string): string[];
  };
  return module.vendorSdk(join(sdk.root, 'dist'), join(folder, 'vendor'));
}

/** Creates a card folder from a template. Throws UsageError for bad names, RefusalError for a folder it must not touch. */
export async function createCard(options: CreateOptions): Promise<CreateResult> {
  const sdk = options.sdkPackage ?? sdkPackage();
  const sdkSource = options.sdk ?? 'tarball';
  const templateFolder = join(sdk.root, 'templates', options.template);
  if (!existsSync(templateFolder))
    throw new RefusalError(`the ${options.template} template is missing from ${sdk.root}`);
  const templateManifest = JSON.parse(readFileSync(join(templateFolder, MANIFEST_FILE), 'utf8')) as Record<
    string,
    unknown
  >;
  const problems = nameProblems(options.name, options.displayName, templateManifest);
  if (problems.length > 0) throw new UsageError(problems.map((problem) => sanitizeText(problem)).join('; '));
  const existing = folderEntries(options.folder);
  if (existing !== null && existing.length > 0 && options.force !== true) {
    throw new RefusalError(
      `${options.folder} is not empty (${existing.length} entries); pass --force to write into it anyway`,
    );
  }
  const built = existsSync(join(sdk.root, 'dist', 'index.js'));
  if ((sdkSource === 'tarball' || options.template === 'vanilla') && !built) {
    throw new RefusalError(`the SDK at ${sdk.root} is not built (no dist/): run npm run build there first`);
  }
  const sdkDependency = sdkSource === 'tarball' ? `file:vendor/${sdkTarballName(sdk.version)}` : `^${sdk.version}`;
  const values = { name: options.name, displayName: options.displayName, sdkVersion: sdk.version, sdkDependency };

  options.progress?.(`Copying the ${options.template} template`);
  mkdirSync(options.folder, { recursive: true });
  const written: string[] = [];
  for (const path of listTemplate(templateFolder)) {
    const target = targetPath(path);
    const source = readFileSync(join(templateFolder, path));
    const output = TEXT_FILES.test(path) ? fillTemplate(path, source.toString('utf8'), values) : source;
    mkdirSync(join(options.folder, target, '..'), { recursive: true });
    writeFileSync(join(options.folder, target), output);
    written.push(target);
  }
  // The manifest part of AGENTS.md, for this card's name (types rewrites it whenever the manifest changes).
  const created = validateManifest(JSON.parse(readFileSync(join(options.folder, MANIFEST_FILE), 'utf8')));
  if (created.ok) writeAgentsSection(options.folder, created.manifest);
  if (options.template === 'vanilla') {
    options.progress?.('Copying the SDK browser build and ui.css into vendor/');
    appendAll(
      written,
      (await vendorBrowserSdk(sdk, options.folder)).map((path) => `vendor/${path}`),
    );
  }
  if (sdkSource === 'tarball') {
    options.progress?.(`Packing ${sdk.name} ${sdk.version} into vendor/`);
    const vendor = join(options.folder, 'vendor');
    mkdirSync(vendor, { recursive: true });
    execFileSync('npm', ['pack', sdk.root, '--pack-destination', vendor, '--ignore-scripts', '--silent'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      shell: process.platform === 'win32',
    });
    const tarball = sdkTarballName(sdk.version);
    if (!existsSync(join(vendor, tarball))) throw new RefusalError(`npm pack did not write vendor/${tarball}`);
    written.push(`vendor/${tarball}`);
  }
  return { folder: options.folder, files: [...new Set(written)].sort(), sdkDependency };
}

/** The options `create` accepts (each one documented in CREATE_HELP). */
export const CREATE_OPTIONS = {
  template: { type: 'string', short: 't' },
  name: { type: 'string' },
  'display-name': { type: 'string' },
  force: { type: 'boolean' },
  sdk: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `neurosquad-card create <folder> [--template vanilla|react] [--name <slug>] [--display-name <text>] [--force] [--sdk tarball|registry]`. */
export async function createCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, CREATE_OPTIONS, 1);
  if (values.help) {
    io.out(CREATE_HELP);
    return EXIT.ok;
  }
  const folderArgument = positionals[0];
  if (folderArgument === undefined) throw new UsageError('which folder? neurosquad-card create <folder>');
  const template = values.template ?? 'vanilla';
  if (!(TEMPLATES as readonly string[]).includes(template)) {
    throw new UsageError(`unknown template "${template}"; choose ${TEMPLATES.join(' or ')}`);
  }
  const sdk = values.sdk ?? 'tarball';
  if (sdk !== 'tarball' && sdk !== 'registry') throw new UsageError(`--sdk is tarball or registry, not "${sdk}"`);
  const folder = resolve(io.cwd, folderArgument);
  const name = values.name ?? nameFromFolder(folder);
  if (values.name === undefined && name.length < 2) {
    throw new UsageError(`cannot make a card name from the folder name "${basename(folder)}"; pass --name <slug>`);
  }
  const palette = paletteFor(io);
  const result = await createCard({
    folder,
    template: template as TemplateName,
    name,
    displayName: values['display-name'] ?? displayNameFromName(name),
    force: values.force === true,
    sdk,
    progress: progressLine(io),
  });
  io.out(
    `${palette.green('✔')} created ${name} (${template}) in ${result.folder}: ${result.files.length} files\n\nNext:\n`,
  );
  io.out(`  cd ${shellQuoted(folderArgument)}\n  npm install\n`);
  io.out(
    template === 'react'
      ? '  npm run dev        # the card on the local dev host\n  npm test\n  npm run build      # commit dist/\n'
      : '  npm run dev        # the card on the local dev host\n  npm test\n',
  );
  io.out("  npm run validate   # the app's checks and the install dialog\n");
  io.out('  git init           # pack and the app install what git tracks\n');
  return EXIT.ok;
}
