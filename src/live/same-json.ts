/** True when two JSON values are equal by content. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** `next` with every item equal by content to the item of the same id in `previous` replaced by that old object. */
export function keepEqual<T extends { id: string }>(previous: readonly T[], next: readonly T[]): readonly T[] {
  const old = new Map(previous.map((item) => [item.id, item] as const));
  let kept: T[] | null = null;
  for (let i = 0; i < next.length; i += 1) {
    const before = old.get(next[i].id);
    if (before && before !== next[i] && sameJson(before, next[i])) {
      kept ??= next.slice();
      kept[i] = before;
    }
  }
  return kept ?? next;
}
