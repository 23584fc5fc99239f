/**
 * The text of anything thrown: an `Error`'s message, else the value as a string (for logs and error replies).
 * Never throws: a value that cannot be turned into text (no prototype, a throwing `toString`) gives its kind.
 */
export function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return `unprintable ${typeof error}`;
  }
}
