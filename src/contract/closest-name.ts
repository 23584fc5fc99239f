// "Did you mean" for a near miss: the known name a mistyped one most likely meant. Written here rather than taken
// from a package: the SDK has no runtime dependencies, and this is a dozen lines over short names.

/** Edit distance between two short strings (insertions, deletions, substitutions and swaps of neighbours). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) rows[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i];
      const above = rows[i - 1];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above[j] + 1, row[j - 1] + 1, above[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
      }
    }
  }
  return rows[a.length][b.length];
}

// Names longer than this are not compared (the table is length × length).
const MAX_CHARS = 200;

/**
 * The known names a mistyped `word` most likely meant: those at the smallest edit distance (case ignored; at most
 * one edit per three characters of the candidate), in the order given; none when `word` is itself known.
 * @example closestNames('ns:taks', NS_PORT_TYPES) // ['ns:task', 'ns:tasks']
 */
export function closestNames(word: unknown, candidates: Iterable<string>): string[] {
  if (typeof word !== 'string' || word.length > MAX_CHARS) return [];
  const lower = word.toLowerCase();
  let best: string[] = [];
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === word) return [];
    if (candidate.length > MAX_CHARS) continue;
    const score = editDistance(lower, candidate.toLowerCase());
    if (score > Math.max(1, Math.floor(candidate.length / 3)) || score > bestScore) continue;
    if (score < bestScore) best = [];
    bestScore = score;
    best.push(candidate);
  }
  return best;
}

/** `; did you mean "<name>"?` (or `"<a>" or "<b>"` on a tie) for the closest known names, or '' when none is close. */
export function didYouMean(word: unknown, candidates: Iterable<string>): string {
  const names = closestNames(word, candidates).map((name) => `"${name}"`);
  return names.length === 0 ? '' : `; did you mean ${names.join(' or ')}?`;
}
