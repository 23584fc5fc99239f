/** A copy of an options object without its `undefined` fields (those are not JSON and would fail the params check). */
export function definedFields<T extends object>(options: T | null | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!options || typeof options !== 'object') return out;
  for (const key of Object.keys(options) as Array<keyof T>) {
    if (options[key] !== undefined) out[key] = options[key];
  }
  return out;
}
