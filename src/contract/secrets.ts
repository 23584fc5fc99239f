/** Matches `{{secret:NAME}}` placeholders (global); group 1 is NAME, shaped like a setting key. */
export const SECRET_PLACEHOLDER = /\{\{secret:([a-zA-Z][a-zA-Z0-9_-]{0,63})\}\}/g;

/**
 * Names of the secret settings a text refers to, each once, in order of appearance.
 * @example secretNames('Bearer {{secret:token}}') // ['token']
 */
export function secretNames(text: string): string[] {
  if (typeof text !== 'string') return [];
  const names = new Set<string>();
  for (const match of text.matchAll(new RegExp(SECRET_PLACEHOLDER.source, 'g'))) names.add(match[1]);
  return [...names];
}

/** Replaces every `{{secret:NAME}}` in a text with `resolve(NAME)` (the host side of the placeholder). */
export function fillSecretPlaceholders(text: string, resolve: (name: string) => string): string {
  return text.replace(new RegExp(SECRET_PLACEHOLDER.source, 'g'), (_match, name: string) => resolve(name));
}
