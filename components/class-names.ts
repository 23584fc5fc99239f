/** Joins the truthy class names with single spaces (a host `className` is merged after the kit's own). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
