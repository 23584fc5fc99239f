// JSON typed by a person into a field: parsed without throwing, the error said in words.

/** The outcome of reading a JSON field: the value, or why it is not JSON. */
export type JsonText = { ok: true; value: unknown } | { ok: false; error: string };

/** Parses `text` as JSON; an empty field reads as `empty` (undefined unless given). */
export function readJsonText(text: string, empty?: unknown): JsonText {
  if (text.trim() === '') return { ok: true, value: empty };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Pretty JSON for showing a value (functions and cycles fall back to a plain string). */
export function showJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch (error) {
    return `(not JSON: ${error instanceof Error ? error.message : 'unreadable'})`;
  }
}

/** A tool result as a person reads it: its text parts as they are, other parts as JSON. */
export function showToolResult(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return showJson(result);
  const parts = content.map((part: unknown) => {
    const text = (part as { type?: unknown; text?: unknown } | null) ?? {};
    return text.type === 'text' && typeof text.text === 'string' ? text.text : showJson(part);
  });
  const failed = (result as { isError?: unknown }).isError === true;
  return (failed ? ['The tool reported an error:', ...parts] : parts).join('\n');
}
