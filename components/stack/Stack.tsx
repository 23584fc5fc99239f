import { classed } from '../classed.js';

/** A flex column with 8px gaps. */
export const Stack = /* @__PURE__ */ classed('div', 'ns-stack', 'Stack');
