// The entry page's check: the page and every script and stylesheet it loads, linted for the sandbox.
import type { NormalizedManifest } from '../contract/types.js';
import { emptyFindings, type Findings } from './findings.js';
import { lintCss, lintEntryHtml, lintScript, scriptImports, type LintFinding } from './html-lint.js';
import { manifestWhere } from './manifest-check.js';
import type { PackageReader } from './package-reader.js';
import { sanitizeText } from './sanitize.js';

/** Files each lint finding as an error or a warning. */
function lintFindings(findings: readonly LintFinding[], into: Findings): void {
  for (const finding of findings) {
    into[finding.severity === 'error' ? 'errors' : 'warnings'].push({ where: finding.file, message: finding.message });
  }
}

/** Lints the entry page and every script and stylesheet it loads (following relative imports). */
export function checkEntry(
  read: PackageReader,
  manifest: NormalizedManifest,
  packaged: { has(path: string): boolean },
): Findings {
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
