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

/** An empty collection of findings. */
export function emptyFindings(): Findings {
  return { errors: [], warnings: [] };
}

/** Appends `more` to `into`. */
export function mergeFindings(into: Findings, more: Findings): Findings {
  into.errors.push(...more.errors);
  into.warnings.push(...more.warnings);
  return into;
}
