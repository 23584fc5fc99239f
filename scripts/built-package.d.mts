/** Built files the tests read; any one missing means `npm run build` has not run. */
export const BUILT_FILES: readonly string[];
/** Runs `npm run build` in `root` when a built file is missing; returns false only when the build failed. */
export function buildWhenMissing(root: string, log?: (line: string) => void): boolean;
