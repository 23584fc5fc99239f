import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE } from '../contract/constants.js';
import { compareVersions, isVersion, parseCommandArgs } from './args.js';
import { formatBytes, plural, resolveCardFolder } from './card-folder.js';
import { paletteFor, progressLine } from './colour.js';
import { staleDeclarations } from './declarations-file.js';
import { checkEntry } from './entry-check.js';
import { checkPackageFiles, type SecretFilesRule } from './file-rules.js';
import { appendAll, emptyFindings, mergeFindings, type Findings } from './findings.js';
import { VALIDATE_HELP } from './help.js';
import { checkIcon } from './icon-check.js';
import { formatInstallPreview, installPreview, type InstallPreview } from './install-preview.js';
import { EXIT, UsageError, type CliIo, type ExitCode } from './io.js';
import { checkManifest, manifestWhere } from './manifest-check.js';
import { checkPackageJson } from './package-json-check.js';
import { listPackageFiles, type PackageListing } from './package-listing.js';
import { hashPackageFiles, packageReader, type PackageFileHash } from './package-reader.js';
import { sanitizeText, terminalSafeJson } from './sanitize.js';
import { treeHash } from './tree-hash.js';

/** The app version `validateFolder` checks against, its progress lines and its credential-file rule. */
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

/** Runs every check the app runs on install, on a card folder. Problems are findings; only a repository git cannot read throws (RefusalError). */
export function validateFolder(
  folder: string,
  options: ValidateOptions = {},
  listing?: PackageListing,
): ValidateReport {
  return checkFolder(folder, options, listing).report;
}

/** What `checkFolder` found, with the hash of each file it hashed (the readable package files, sorted by path). */
export interface FolderCheck {
  report: ValidateReport;
  hashes: PackageFileHash[];
}

/** What `checkFolder` asks of the package's paths: whether one is in it. */
interface PackagedPaths {
  has(path: string): boolean;
}

/**
 * The package's paths. Past the file limit the listing stops examining (the package is refused whole, one finding),
 * so a regular file in the folder beyond it counts as packaged: the manifest, entry and icon are not also reported
 * as missing.
 */
function packagedPaths(folder: string, listing: PackageListing): PackagedPaths {
  const listed = new Set(listing.files.map((file) => file.path));
  if (listing.unexamined === undefined) return listed;
  return {
    has: (path) => {
      if (listed.has(path)) return true;
      if (path.split('/').some((segment) => segment === '..' || segment === '.git')) return false;
      try {
        return lstatSync(join(folder, ...path.split('/'))).isFile();
      } catch {
        return false;
      }
    },
  };
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
  const packaged = packagedPaths(folder, files);
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
