// The module served by the hook reference plugin.
declare module 'virtual:neurosquad/hook-reference' {
  import type { HookDoc } from './hook-reference.js';
  /** Every hook exported from `./react`, in export order. */
  const reference: HookDoc[];
  export default reference;
}
