// Vitest global setup of the unit project: the CLI's create tests copy the built SDK into new cards, so a
// fresh clone (no dist/) gets `npm run build` once before they run instead of failing with "not built".
import { buildWhenMissing } from '../scripts/built-package.mjs';

/** Builds the package when any part the tests read from dist/ is missing. */
export default function buildPackageWhenMissing(): void {
  if (!buildWhenMissing(process.cwd(), (line) => console.log(`test: ${line}`)))
    throw new Error('npm run build failed; the CLI tests need the built package');
}
