import { classed } from '../classed.js';

/** Monospaced text (ids, paths, error messages). */
export const Mono = /* @__PURE__ */ classed('span', 'ns-mono', 'Mono');
