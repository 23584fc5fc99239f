import { createHash } from 'node:crypto';

/** A page with the inline module scripts a dev server's plugins injected moved to files. */
export interface MovedScripts {
  /** The page, each moved script now a `<script type="module" src>` in its place. */
  html: string;
  /** The moved scripts by file name (`inline-<hash>.js`). */
  files: Map<string, string>;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * Moves each inline `<script type="module">` that is not in the page's source (React's refresh preamble, which
 * @vitejs/plugin-react writes inline) to a file at `pathFor(name)`, so a CSP without `'unsafe-inline'` runs it.
 * The author's own inline scripts stay inline: the app blocks them, and so does the dev host.
 */
export function moveInjectedScripts(html: string, source: string, pathFor: (name: string) => string): MovedScripts {
  const files = new Map<string, string>();
  const moved = html.replace(SCRIPT, (tag: string, attributes: string, code: string) => {
    const text = code.trim();
    if (text === '' || !/\btype\s*=\s*["']?module\b/i.test(attributes) || /\bsrc\s*=/i.test(attributes)) return tag;
    if (source.includes(text)) return tag;
    const name = `inline-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.js`;
    files.set(name, text);
    return `<script type="module" src="${pathFor(name)}"></script>`;
  });
  return { html: moved, files };
}
