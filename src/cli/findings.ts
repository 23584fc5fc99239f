/** One problem or warning: where it is (a file, or the manifest file plus a JSON pointer) and what it is. */
export interface Finding {
  where: string;
  message: string;
}

/** Errors (the folder has problems: exit 1) and warnings collected by a check. */
export interface Findings {
  errors: Finding[];
  warnings: Finding[];
}

/** A new findings record to collect errors and warnings into. */
export function emptyFindings(): Findings {
  return { errors: [], warnings: [] };
}

/** Appends every item to `into` one by one (a spread into `push` overflows the stack past ~100,000 items). */
export function appendAll<T>(into: T[], items: Iterable<T>): T[] {
  for (const item of items) into.push(item);
  return into;
}

/** Appends `more` to `into`. */
export function mergeFindings(into: Findings, more: Findings): Findings {
  appendAll(into.errors, more.errors);
  appendAll(into.warnings, more.warnings);
  return into;
}
