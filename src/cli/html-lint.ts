import { appendAll } from './findings.js';

/** One thing the sandbox blocks (error) or is likely to break (warning), found in the entry or a file it loads. */
export interface LintFinding {
  severity: 'error' | 'warning';
  /** Package path of the file the finding is in. */
  file: string;
  message: string;
}

/** A local file the entry loads, by package path. */
interface LoadedFile {
  path: string;
  kind: 'script' | 'style';
}

/** The result of linting the entry HTML. */
export interface HtmlLint {
  findings: LintFinding[];
  /** Package files the page loads (scripts and stylesheets), resolved against the entry's folder. */
  loads: LoadedFile[];
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;
const SCRIPT_TYPES_RUN = new Set(['', 'module', 'text/javascript', 'application/javascript', 'importmap']);
const FRAME_TAGS = new Set(['iframe', 'object', 'embed', 'frame', 'frameset', 'portal']);

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Resolves a URL written in `fromFile` to a package path, or null for URLs that do not point into the package. */
export function resolvePackageUrl(fromFile: string, url: string): string | null {
  const clean = url.trim().split(/[?#]/)[0] ?? '';
  if (clean === '' || EXTERNAL.test(clean) || /^[a-z][a-z0-9+.-]*:/i.test(clean) || clean.startsWith('/')) return null;
  const segments = fromFile.split('/').slice(0, -1);
  let decoded = clean;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    // A malformed %-escape: the browser requests the name as written.
  }
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}

function urlFinding(file: string, url: string, what: string): LintFinding | null {
  const value = url.trim();
  if (/^javascript:/i.test(value))
    return { severity: 'error', file, message: `${what} uses a javascript: URL, which the sandbox blocks` };
  if (EXTERNAL.test(value)) {
    return {
      severity: 'error',
      file,
      message: `${what} loads ${value} from outside the package: the sandbox blocks external resources; ship it inside the package`,
    };
  }
  if (value.startsWith('/')) {
    return {
      severity: 'error',
      file,
      message: `${what} uses the root-relative URL ${value}: the card is served from its package folder, so use a relative path (Vite: base: './')`,
    };
  }
  return null;
}

/** Findings in CSS text: external @import, fonts and images. */
export function lintCss(file: string, css: string): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const match of css.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/gi)) {
    const finding = urlFinding(file, match[1], 'a CSS @import');
    if (finding) findings.push(finding);
  }
  for (const match of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/gi)) {
    // @import url(…) was reported above.
    if (/@import\s*$/i.test(css.slice(Math.max(0, match.index - 32), match.index))) continue;
    const url = match[1];
    if (/^(data|blob):/i.test(url.trim()) || url.trim().startsWith('#')) continue;
    const finding = urlFinding(file, url, 'a CSS url()');
    if (finding && !finding.message.includes('root-relative')) findings.push(finding);
  }
  return findings;
}

const SCRIPT_RULES: readonly { pattern: RegExp; message: string }[] = [
  // Arguments nested up to three parentheses deep, and no `{` after: a call, not a method definition like `prompt(id, text) {`.
  {
    pattern:
      /(?<![\w$.])(?:window\.|self\.|globalThis\.)?(alert|confirm|prompt)\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)(?!\s*\{)/,
    message: 'calls $1(), which the sandbox blocks: use card.ui.confirm / card.ui.toast',
  },
  {
    pattern: /(?<![\w$])(?:window\.)?(localStorage|sessionStorage)\b(?!\s*:)/,
    message: 'uses $1, which throws in the sandbox (opaque origin): use card.storage',
  },
  {
    pattern: /(?<![\w$])(?:window|self|globalThis)\.open\s*\(/,
    message: 'calls window.open(), which the sandbox blocks: use card.openLink',
  },
  { pattern: /document\.cookie\b/, message: 'uses document.cookie, which the sandbox blocks: use card.storage' },
  { pattern: /\.submit\s*\(\s*\)/, message: 'calls form.submit(), which is a no-op in the sandbox: do the work in JS' },
  {
    pattern: /new\s+(?:Shared)?Worker\s*\(\s*["'`]/,
    message: 'starts a Worker from a URL, which fails in an opaque origin: start it from a Blob URL',
  },
  {
    pattern: /execCommand\s*\(\s*["']copy["']/,
    message: "uses document.execCommand('copy'), which does nothing in the sandbox: use card.copyText",
  },
];

// Text inside string literals (error messages, labels) is not code; template literals with ${} are kept.
const STRING_LITERALS = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$(?!\{))*`/g;

/** Warnings for script text: APIs the sandbox blocks (heuristic, so warnings, not errors). */
export function lintScript(file: string, code: string): LintFinding[] {
  const findings: LintFinding[] = [];
  const source = code.replace(STRING_LITERALS, '""');
  for (const rule of SCRIPT_RULES) {
    const match = rule.pattern.exec(source);
    if (match) findings.push({ severity: 'warning', file, message: rule.message.replace('$1', match[1] ?? '') });
  }
  // A module imported from a URL is an external script: the sandbox blocks it wherever the import is.
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']((?:[a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/[^"']+)["']/g)) {
    const finding = urlFinding(file, match[1], 'an import');
    if (finding) findings.push(finding);
  }
  return findings;
}

/** Relative modules a script imports statically or dynamically, as package paths. */
export function scriptImports(file: string, code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const resolved = resolvePackageUrl(file, match[1]);
    if (resolved !== null) found.add(resolved);
  }
  return [...found];
}

/** Lints the entry HTML for what the card sandbox blocks: inline and external scripts, handlers, frames, forms. */
export function lintEntryHtml(file: string, html: string): HtmlLint {
  const findings: LintFinding[] = [];
  const loads: LoadedFile[] = [];
  const error = (message: string) => findings.push({ severity: 'error', file, message });
  const warning = (message: string) => findings.push({ severity: 'warning', file, message });
  const source = html.replace(/<!--[\s\S]*?-->/g, '');

  for (const match of source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = attributesOf(match[1]);
    const type = (attributes.get('type') ?? '').trim().toLowerCase();
    if (!SCRIPT_TYPES_RUN.has(type)) continue;
    const src = attributes.get('src');
    if (src === undefined) {
      if (match[2].trim() !== '' || type === 'importmap') {
        error(`an inline <script${type ? ` type="${type}"` : ''}> is blocked by the sandbox: move it into a file`);
        appendAll(findings, lintScript(file, match[2]));
      }
      continue;
    }
    const finding = urlFinding(file, src, `<script src>`);
    if (finding) error(finding.message);
    const local = resolvePackageUrl(file, src);
    if (local !== null) loads.push({ path: local, kind: 'script' });
  }
  const withoutScripts = source.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
  for (const match of withoutScripts.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    appendAll(findings, lintCss(file, match[1]));
  }
  const markup = withoutScripts.replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '');

  for (const match of markup.matchAll(
    /<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g,
  )) {
    const tag = match[1].toLowerCase();
    const attributes = attributesOf(match[2] ?? '');
    const handlers = [...attributes.keys()].filter((name) => /^on[a-z]+$/.test(name));
    if (handlers.length > 0) {
      error(
        `<${tag} ${handlers.join(' ')}>: event-handler attributes are inline scripts, which the sandbox blocks; use addEventListener`,
      );
    }
    if (FRAME_TAGS.has(tag)) error(`<${tag}> is removed by the sandbox (no nested frames)`);
    if (attributes.has('style')) appendAll(findings, lintCss(file, attributes.get('style') as string));
    if (tag === 'link') {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href') ?? '';
      if (
        rel.some((value) => ['stylesheet', 'modulepreload', 'preload', 'icon', 'manifest', 'prefetch'].includes(value))
      ) {
        const finding = urlFinding(file, href, `<link rel="${rel.join(' ')}">`);
        if (finding) error(finding.message);
        const local = resolvePackageUrl(file, href);
        if (local !== null && rel.includes('stylesheet')) loads.push({ path: local, kind: 'style' });
        if (local !== null && rel.includes('modulepreload')) loads.push({ path: local, kind: 'script' });
      }
    }
    if (['img', 'audio', 'video', 'source', 'track', 'input'].includes(tag) && attributes.has('src')) {
      const value = attributes.get('src') as string;
      if (!/^(data|blob):/i.test(value.trim())) {
        const finding = urlFinding(file, value, `<${tag} src>`);
        if (finding) error(finding.message);
      }
    }
    if (
      ['img', 'source'].includes(tag) &&
      attributes.has('srcset') &&
      /(?:^|,)\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(attributes.get('srcset') as string)
    ) {
      error(`<${tag} srcset> loads images from outside the package: the sandbox blocks external resources`);
    }
    if (['image', 'use', 'feimage'].includes(tag)) {
      const href = attributes.get('href') ?? attributes.get('xlink:href');
      const finding = href === undefined ? null : urlFinding(file, href, `<${tag} href>`);
      if (finding) error(finding.message);
    }
    if (tag === 'video' && attributes.has('poster')) {
      const finding = urlFinding(file, attributes.get('poster') as string, '<video poster>');
      if (finding) error(finding.message);
    }
    if (tag === 'a' && /^javascript:/i.test((attributes.get('href') ?? '').trim()))
      error('<a href="javascript:…"> is an inline script, which the sandbox blocks');
    if (tag === 'a' && (attributes.get('target') ?? '').trim() !== '') {
      warning(`<a target="${attributes.get('target')}"> opens a window, which the sandbox blocks: use card.openLink`);
    }
    if (tag === 'form' && (attributes.has('action') || attributes.has('target') || attributes.has('method'))) {
      warning(
        '<form action/method/target>: submission never navigates in the sandbox; handle the submit event, call preventDefault() and do the work in JS',
      );
    }
    if ((tag === 'button' || tag === 'input') && (attributes.has('formaction') || attributes.has('formtarget'))) {
      warning(
        `<${tag} formaction/formtarget>: submission never navigates in the sandbox; handle the submit event, call preventDefault() and do the work in JS`,
      );
    }
    if (tag === 'meta' && (attributes.get('http-equiv') ?? '').toLowerCase() === 'refresh')
      error('<meta http-equiv="refresh"> navigates the frame, which the sandbox blocks');
    if (tag === 'base') warning('<base> changes how relative URLs resolve; the card is served from its package folder');
  }
  return { findings, loads };
}
