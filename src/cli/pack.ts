import { createHash } from 'node:crypto';
import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { LIMITS } from '../contract/limits.js';
import { parseCommandArgs } from './args.js';
import { formatBytes, plural, readFolderFile, resolveCardFolder } from './card-folder.js';
import { paletteFor, progressLine } from './colour.js';
import type { Findings } from './findings.js';
import { PACK_HELP } from './help.js';
import { EXIT, UsageError, type CliIo, type ExitCode } from './io.js';
import { checkManifest } from './manifest-check.js';
import { listPackageFiles } from './package-listing.js';
import { sanitizeText, terminalSafeJson } from './sanitize.js';
import { writeTgz, type TarEntry } from './tarball.js';
import type { PackageFileHash } from './package-reader.js';
import { checkFolder, printFindings } from './validate.js';

/** Where `packFolder` writes, whether it keeps credential-looking files, and its progress lines. */
export interface PackOptions {
  /** Where to write the archive; null for a dry run. */
  out: string | null;
  /** Keep credential-looking files instead of refusing the pack. */
  allowSecretFiles?: boolean;
  /** Called before each step, with a line for people. */
  progress?: (text: string) => void;
}

/** What `pack` did, as printed by `--json`. */
export interface PackReport extends Findings {
  ok: boolean;
  folder: string;
  name: string | null;
  version: string | null;
  treeHash: string;
  files: { path: string; size: number }[];
  bytes: number;
  /** Files left out: reached through a symbolic link or junction. */
  skipped: { links: string[] };
  /** Credential-looking files: refused (the pack fails), or included with `allowSecretFiles`. */
  secretFiles: { path: string; reason: string; included: boolean }[];
  /** Absolute path of the written archive, or null (dry run, or refused). */
  out: string | null;
  /** Compressed size of the archive (also computed on a dry run), or null when refused. */
  tarballBytes: number | null;
}

/** Archive entries live under one top folder, like npm and GitHub tarballs. */
const ARCHIVE_ROOT = 'package/';

// Raised while streaming the archive when a file no longer matches what was checked and hashed.
class ChangedFileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

// Each hashed file, read only when the archive reaches it, and only if its bytes still hash the same.
function* archiveEntries(folder: string, hashes: readonly PackageFileHash[]): Generator<TarEntry> {
  for (const file of hashes) {
    const read = readFolderFile(join(folder, ...file.path.split('/')));
    if (!read.ok) throw new ChangedFileError(file.path, `cannot be read: ${read.reason}`);
    if (createHash('sha256').update(read.bytes).digest('hex') !== file.sha256)
      throw new ChangedFileError(file.path, 'changed while packing: pack again');
    yield { path: `${ARCHIVE_ROOT}${file.path}`, bytes: read.bytes };
  }
}

// Streams the archive into a temporary file beside `out` (or nowhere on a dry run), renamed into place only when
// complete and within the size limit, so a refused pack never leaves a partial archive.
async function writeArchive(
  folder: string,
  hashes: readonly PackageFileHash[],
  out: string | null,
  report: PackReport,
) {
  const partial = out === null ? null : `${out}.partial-${process.pid}`;
  try {
    report.tarballBytes = await writeTgz(
      archiveEntries(folder, hashes),
      partial === null ? null : createWriteStream(partial, { flags: 'wx' }),
    );
  } catch (error) {
    if (partial !== null) rmSync(partial, { force: true });
    if (!(error instanceof ChangedFileError)) throw error;
    report.errors.push({ where: error.path, message: error.reason });
    return;
  }
  if (report.tarballBytes > LIMITS.tarballBytes) {
    if (partial !== null) rmSync(partial, { force: true });
    report.errors.push({
      where: '.',
      message: `the archive is ${formatBytes(report.tarballBytes)}; at most ${formatBytes(LIMITS.tarballBytes)}`,
    });
    return;
  }
  if (partial !== null && out !== null) {
    renameSync(partial, out);
    report.out = out;
  }
  report.ok = true;
}

/** Lists, checks and (unless a dry run) streams the reproducible `.tgz` of a card folder to disk, one file in memory at a time. Problems are findings. */
export async function packFolder(folder: string, options: PackOptions): Promise<PackReport> {
  const allowSecretFiles = options.allowSecretFiles === true;
  const listing = listPackageFiles(folder, { allowSecretFiles });
  // An earlier archive written into the folder is not part of the card.
  if (options.out !== null)
    listing.files = listing.files.filter((file) => resolve(file.absolute) !== resolve(options.out as string));
  const secretFiles = allowSecretFiles ? 'allowed' : 'error';
  const { report: validation, hashes } = checkFolder(
    folder,
    { secretFiles, ...(options.progress ? { progress: options.progress } : {}) },
    listing,
  );
  const report: PackReport = {
    ok: false,
    folder,
    name: validation.name,
    version: validation.version,
    treeHash: validation.treeHash,
    files: listing.files.map((file) => ({ path: file.path, size: file.size })),
    bytes: validation.bytes,
    skipped: { links: listing.skippedLinks },
    secretFiles: listing.secretFiles.map((secret) => ({ ...secret, included: allowSecretFiles })),
    out: null,
    tarballBytes: null,
    errors: [...validation.errors],
    warnings: validation.warnings,
  };
  if (report.errors.length > 0) return report;
  options.progress?.(options.out === null ? 'Packing (dry run)' : `Writing ${options.out}`);
  // The bytes that were checked and hashed (verified again as they are read), so the archive matches the tree hash.
  await writeArchive(folder, hashes, options.out, report);
  return report;
}

// Refuses an --out that cannot be written as a file before any work is done.
function checkOutFile(out: string): void {
  let isFolder = false;
  try {
    isFolder = statSync(out).isDirectory();
  } catch {
    // Absent: fine when its folder exists.
  }
  if (isFolder) throw new UsageError(`--out ${out} is a folder; give the archive's file name (card.tgz)`);
  let parentIsFolder = false;
  try {
    parentIsFolder = statSync(dirname(out)).isDirectory();
  } catch {
    // Reported below.
  }
  if (!parentIsFolder) throw new UsageError(`--out ${out}: the folder ${dirname(out)} does not exist`);
}

// The archive to write: --out, else <name>-<version>.tgz from a valid manifest; null (nothing written) when the manifest is not valid, which the pack reports.
function outFile(cwd: string, folder: string, out: string | undefined): string | null {
  if (out !== undefined) return resolve(cwd, out);
  const manifest = checkManifest(folder).manifest;
  return manifest === null ? null : resolve(cwd, `${manifest.name}-${manifest.version}.tgz`);
}

/** How many files (and skipped links) `pack` prints before a "… and N more" line; `--json` lists every one. */
const LISTED_FILES = 100;

/** The options `pack` accepts (each one documented in PACK_HELP). */
export const PACK_OPTIONS = {
  out: { type: 'string', short: 'o' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  'allow-secret-files': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `neurosquad-card pack [folder] [--out <file.tgz>] [--dry-run] [--json] [--allow-secret-files]`. */
export async function packCommand(args: readonly string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandArgs(args, PACK_OPTIONS, 1);
  if (values.help) {
    io.out(PACK_HELP);
    return EXIT.ok;
  }
  const folder = resolveCardFolder(io.cwd, positionals[0]);
  const dryRun = values['dry-run'] === true;
  if (values.out !== undefined && !dryRun) checkOutFile(resolve(io.cwd, values.out));
  const allowSecretFiles = values['allow-secret-files'] === true;
  const progress = values.json ? undefined : progressLine(io);
  const report = await packFolder(folder, {
    out: dryRun ? null : outFile(io.cwd, folder, values.out),
    allowSecretFiles,
    ...(progress ? { progress } : {}),
  });
  if (values.json) {
    io.out(`${terminalSafeJson(report)}\n`);
    return report.ok ? EXIT.ok : EXIT.problems;
  }
  const palette = paletteFor(io);
  const listed = report.files.slice(0, LISTED_FILES);
  for (const file of listed) io.out(`  ${formatBytes(file.size).padStart(10)}  ${sanitizeText(file.path)}\n`);
  if (report.files.length > listed.length)
    io.out(
      `  ${'…'.padStart(10)}  and ${plural(report.files.length - listed.length, 'more file')} (--json lists all)\n`,
    );
  const links = report.skipped.links.slice(0, LISTED_FILES);
  for (const link of links) io.out(`  ${palette.dim('skipped'.padStart(10))}  ${sanitizeText(link)} (symbolic link)\n`);
  if (report.skipped.links.length > links.length)
    io.out(
      `  ${palette.dim('skipped'.padStart(10))}  and ${plural(report.skipped.links.length - links.length, 'more symbolic link')}\n`,
    );
  for (const secret of report.secretFiles) {
    if (secret.included)
      io.out(
        `${palette.yellow('⚠')} ${sanitizeText(secret.path)}: included although it looks like a credential (${secret.reason})\n`,
      );
  }
  printFindings(io, report);
  io.out(`${palette.dim('Tree hash')} ${report.treeHash}\n`);
  const counts = `${plural(report.files.length, 'file')}, ${formatBytes(report.bytes)}`;
  if (!report.ok) io.out(`${palette.red('✖')} not packed: ${plural(report.errors.length, 'problem')} (${counts})\n`);
  else if (report.out === null)
    io.out(`${palette.green('✔')} dry run: ${counts}, ${formatBytes(report.tarballBytes ?? 0)} packed\n`);
  else io.out(`${palette.green('✔')} packed ${counts} into ${report.out} (${formatBytes(report.tarballBytes ?? 0)})\n`);
  return report.ok ? EXIT.ok : EXIT.problems;
}
