import { join } from 'node:path';
import { MANIFEST_FILE } from '../contract/constants.js';
import { LIMITS } from '../contract/limits.js';
import type { NormalizedManifest } from '../contract/types.js';
import { compareVersions, isVersion, parseCommandArgs } from './args.js';
import {
  formatBytes,
  hashFolderFile,
  plural,
  readFolderFile,
  readRegularFile,
  resolveCardFolder,
} from './card-folder.js';
import { paletteFor, progressLine } from './colour.js';
import { staleDeclarations } from './declarations-file.js';
import { checkPackageFiles, type SecretFilesRule } from './file-rules.js';
import { appendAll, emptyFindings, mergeFindings, type Finding, type Findings } from './findings.js';
import { VALIDATE_HELP } from './help.js';
import { lintCss, lintEntryHtml, lintScript, scriptImports, type LintFinding } from './html-lint.js';
import { readPngInfo, readWebpInfo } from './icon-image.js';
import { formatInstallPreview, installPreview, type InstallPreview } from './install-preview.js';
import { EXIT, UsageError, type CliIo, type ExitCode } from './io.js';
import { checkManifest, manifestWhere } from './manifest-check.js';
import { listPackageFiles, type PackageListing } from './package-listing.js';
import { sanitizeText, terminalSafeJson } from './sanitize.js';
import { treeHash } from './tree-hash.js';

/** Options of `validateFolder`. */
export interface ValidateOptions {
  /** The NeuroSquad version to check `minAppVersion` against. */
  appVersion?: string;
  /** Called before each step, with a line for people. */
  progress?: (text: string) => void;
  /** How credential-looking files count (default: a warning). */
  secretFiles?: SecretFilesRule;
}

/** Everything `validate` found, as printed by `--json`. */
export interface ValidateReport extends Findings {
  ok: boolean;
  folder: string;
  name: string | null;
  version: string | null;
  /** Number of files and bytes that would be installed. */
  files: number;
  bytes: number;
  treeHash: string;
  install: InstallPreview | null;
}

function lintFindings(findings: readonly LintFinding[], into: Findings): void {
  for (const finding of findings) {
    into[finding.severity === 'error' ? 'errors' : 'warnings'].push({ where: finding.file, message: finding.message });
  }
}

// Reads each package file it is asked for once; a file that cannot be read becomes one error with its path.
type PackageReader = (path: string) => Buffer | null;

function packageReader(folder: string, into: Findings, refused: Set<string>): PackageReader {
  const cache = new Map<string, Buffer | null>();
  return (path) => {
    if (!cache.has(path)) {
      const read = readFolderFile(join(folder, ...path.split('/')));
      if (!read.ok && !refused.has(path)) {
        refused.add(path);
        into.errors.push({ where: path, message: `cannot be read: ${read.reason}` });
      }
      cache.set(path, read.ok ? read.bytes : null);
    }
    return cache.get(path) ?? null;
  };
}

// Streams every package file through sha256, one chunk at a time; files already refused for their size are
// never read (their size came from the listing), and an unreadable file is one error with its path.
function hashPackageFiles(listing: PackageListing, into: Findings, refused: Set<string>): PackageFileHash[] {
  const hashes: PackageFileHash[] = [];
  // Past the file limit the package is refused whole (that finding is made); reading 100,000 files tells nothing more.
  if (listing.files.length > LIMITS.files) return hashes;
  for (const file of listing.files) {
    if (file.size > LIMITS.fileBytes || refused.has(file.path)) continue;
    const hashed = hashFolderFile(file.absolute);
    if (hashed.ok) hashes.push({ path: file.path, sha256: hashed.sha256, size: hashed.size });
    else {
      refused.add(file.path);
      into.errors.push({ where: file.path, message: `cannot be read: ${hashed.reason}` });
    }
  }
  return hashes;
}

// Lints the entry page and every script and stylesheet it loads (following relative imports).
function checkEntry(read: PackageReader, manifest: NormalizedManifest, packaged: Set<string>): Findings {
  const findings = emptyFindings();
  if (!packaged.has(manifest.entry)) {
    findings.errors.push({
      where: manifestWhere('/entry'),
      message: `the entry ${sanitizeText(manifest.entry)} is not in the package (build it and commit it, or fix "entry")`,
    });
    return findings;
  }
  const page = read(manifest.entry);
  if (page === null) return findings;
  const html = page.toString('utf8');
  const lint = lintEntryHtml(manifest.entry, html);
  lintFindings(lint.findings, findings);
  const queue = [...lint.loads.map((load) => ({ ...load, from: manifest.entry }))];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const load = queue.shift() as (typeof queue)[number];
    if (seen.has(load.path)) continue;
    seen.add(load.path);
    if (!packaged.has(load.path)) {
      findings.errors.push({
        where: load.from,
        message: `loads ${sanitizeText(load.path)}, which is not in the package`,
      });
      continue;
    }
    const bytes = read(load.path);
    if (bytes === null) continue;
    const text = bytes.toString('utf8');
    if (load.kind === 'style') {
      lintFindings(lintCss(load.path, text), findings);
      continue;
    }
    lintFindings(lintScript(load.path, text), findings);
    for (const imported of scriptImports(load.path, text)) {
      const kind = imported.endsWith('.css') ? ('style' as const) : ('script' as const);
      queue.push({ path: imported, kind, from: load.path });
    }
  }
  return findings;
}

function checkIcon(read: PackageReader, icon: string, packaged: Set<string>): Finding[] {
  const at = manifestWhere('/icon');
  if (!packaged.has(icon)) return [{ where: at, message: `the icon ${sanitizeText(icon)} is not in the package` }];
  const bytes = read(icon);
  if (bytes === null) return [];
  const problems: Finding[] = [];
  if (bytes.length > LIMITS.iconBytes) {
    problems.push({
      where: icon,
      message: `the icon is ${formatBytes(bytes.length)}; at most ${formatBytes(LIMITS.iconBytes)}`,
    });
  }
  const info = icon.toLowerCase().endsWith('.webp') ? readWebpInfo(bytes) : readPngInfo(bytes);
  if (!info.ok) problems.push({ where: icon, message: `the icon is ${info.reason}` });
  else if (info.width !== info.height) {
    problems.push({ where: icon, message: `the icon must be square; it is ${info.width}×${info.height}` });
  }
  return problems;
}

function checkPackageJson(folder: string, manifest: NormalizedManifest): Finding[] {
  const bytes = readRegularFile(join(folder, 'package.json'));
  if (bytes === null) return [];
  try {
    const pkg = JSON.parse(bytes.toString('utf8')) as { name?: unknown; version?: unknown };
    const problems: Finding[] = [];
    // The card's package.json names and versions the card itself (the official cards keep them equal).
    for (const field of ['name', 'version'] as const) {
      const value = pkg[field];
      if (typeof value === 'string' && value !== manifest[field]) {
        problems.push({
          where: 'package.json',
          message: `${field} ${sanitizeText(value)} differs from the manifest's ${sanitizeText(manifest[field])}`,
        });
      }
    }
    return problems;
  } catch {
    return [{ where: 'package.json', message: 'not valid JSON' }];
  }
}

/** Runs every check the app runs on install, on a card folder. Problems are findings; only a repository git cannot read throws (RefusalError). */
export function validateFolder(
  folder: string,
  options: ValidateOptions = {},
  listing?: PackageListing,
): ValidateReport {
  return checkFolder(folder, options, listing).report;
}

/** One hashed package file: its package path, sha256 (hex) and size in bytes. */
export interface PackageFileHash {
  path: string;
  sha256: string;
  size: number;
}

/** What `checkFolder` found, with the hash of each file it hashed (the readable package files, sorted by path). */
export interface FolderCheck {
  report: ValidateReport;
  hashes: PackageFileHash[];
}

/** `validateFolder`, also handing back each file's hash, so `pack` archives exactly what was checked and hashed. */
export function checkFolder(folder: string, options: ValidateOptions = {}, listing?: PackageListing): FolderCheck {
  const findings = emptyFindings();
  options.progress?.('Checking the manifest');
  const manifestCheck = checkManifest(folder);
  mergeFindings(findings, manifestCheck);
  options.progress?.('Listing the package files');
  const files = listing ?? listPackageFiles(folder);
  mergeFindings(findings, checkPackageFiles(files, options.secretFiles));
  const packaged = new Set(files.files.map((file) => file.path));
  const refused = new Set<string>();
  const read = packageReader(folder, findings, refused);
  const manifest = manifestCheck.manifest;
  if (manifestCheck.raw !== null && !packaged.has(MANIFEST_FILE)) {
    findings.errors.push({
      where: MANIFEST_FILE,
      message: 'the manifest is not part of the package (is it ignored by git?)',
    });
  }
  if (manifest !== null) {
    options.progress?.('Linting the entry page for the sandbox');
    mergeFindings(findings, checkEntry(read, manifest, packaged));
    if (manifest.icon !== undefined) appendAll(findings.errors, checkIcon(read, manifest.icon, packaged));
    else findings.warnings.push({ where: manifestWhere(''), message: 'no "icon": the app shows a generic one' });
    appendAll(findings.warnings, checkPackageJson(folder, manifest));
    const stale = staleDeclarations(folder, manifest);
    if (stale) findings.warnings.push(stale);
    if (
      options.appVersion !== undefined &&
      manifest.minAppVersion !== undefined &&
      compareVersions(options.appVersion, manifest.minAppVersion) < 0
    ) {
      findings.errors.push({
        where: manifestWhere('/minAppVersion'),
        message: `needs NeuroSquad ${sanitizeText(manifest.minAppVersion)} or later; the app is ${options.appVersion}`,
      });
    }
  }
  options.progress?.('Hashing the files');
  const hashed = hashPackageFiles(files, findings, refused);
  const report: ValidateReport = {
    ok: findings.errors.length === 0,
    folder,
    name: manifest ? sanitizeText(manifest.name) : null,
    version: manifest ? sanitizeText(manifest.version) : null,
    files: hashed.length,
    bytes: hashed.reduce((sum, file) => sum + file.size, 0),
    treeHash: treeHash(hashed),
    install: manifest ? installPreview(manifest) : null,
    ...findings,
  };
  return { report, hashes: hashed };
}

/** Prints findings as `✖ where: message` / `⚠ where: message` lines, card text sanitised. */
export function printFindings(io: CliIo, findings: Findings): void {
  const palette = paletteFor(io);
  for (const error of findings.errors)
    io.out(`${palette.red('✖')} ${sanitizeText(error.where)}: ${sanitizeText(error.message)}\n`);
  for (const warning of findings.warnings)
    io.out(`${palette.yellow('⚠')} ${sanitizeText(warning.where)}: ${sanitizeText(warning.message)}\n`);
}

/** The options `validate` accepts (each one documented in VALIDATE_HELP). */
export const VALIDATE_OPTIONS = {
  json: { type: 'boolean' },
  'app-version': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `neurosquad-card validate [folder] [--json] [--app-version <x.y.z>]`. */
export function validateCommand(args: readonly string[], io: CliIo): ExitCode {
  const { values, positionals } = parseCommandArgs(args, VALIDATE_OPTIONS, 1);
  if (values.help) {
    io.out(VALIDATE_HELP);
    return EXIT.ok;
  }
  const appVersion = values['app-version'];
  if (appVersion !== undefined && !isVersion(appVersion))
    throw new UsageError(`--app-version must be a version like 0.1.270, not "${appVersion}"`);
  const folder = resolveCardFolder(io.cwd, positionals[0]);
  const progress = values.json ? undefined : progressLine(io);
  const report = validateFolder(folder, {
    ...(appVersion === undefined ? {} : { appVersion }),
    ...(progress ? { progress } : {}),
  });
  if (values.json) {
    io.out(`${terminalSafeJson(report)}\n`);
    return report.ok ? EXIT.ok : EXIT.problems;
  }
  const palette = paletteFor(io);
  printFindings(io, report);
  if (report.install) {
    io.out('\n');
    for (const line of formatInstallPreview(report.install, palette.bold)) io.out(`${line}\n`);
  }
  io.out(`\n${palette.dim('Tree hash')} ${report.treeHash}\n`);
  const counts = `${plural(report.files, 'file')}, ${formatBytes(report.bytes)}, ${plural(report.warnings.length, 'warning')}`;
  if (report.ok)
    io.out(`${palette.green('✔')} ${report.name ?? 'card'} ${report.version ?? ''} is valid (${counts})\n`);
  else io.out(`${palette.red('✖')} ${plural(report.errors.length, 'problem')} (${counts})\n`);
  return report.ok ? EXIT.ok : EXIT.problems;
}
