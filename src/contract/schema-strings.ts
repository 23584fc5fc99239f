// String keywords of the schema subset: lengths in code points, `pattern` compiled once per source, the uri format.

const REGEX_CACHE_SIZE = 500;
const regexCache = new Map<string, RegExp | null>();

/** The `u`-flag RegExp of a schema `pattern`, or `null` when it does not compile (cached). */
export function compilePattern(pattern: string): RegExp | null {
  let compiled = regexCache.get(pattern);
  if (compiled !== undefined) return compiled;
  if (regexCache.size >= REGEX_CACHE_SIZE) regexCache.clear();
  try {
    compiled = new RegExp(pattern, 'u');
  } catch {
    compiled = null;
  }
  regexCache.set(pattern, compiled);
  return compiled;
}

/** Length of a string in code points (a surrogate pair counts once), as `minLength`/`maxLength` count. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

const URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/;

/** True for an absolute URI (a scheme, a colon, no whitespace) of at most 8192 characters: the `uri` format. */
export function isUri(text: string): boolean {
  return text.length <= 8192 && URI.test(text);
}
