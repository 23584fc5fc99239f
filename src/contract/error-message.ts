/** The text of anything thrown: an `Error`'s message, else the value as a string (for logs and error replies). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
