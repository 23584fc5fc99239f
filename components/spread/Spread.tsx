import { classed } from '../classed.js';

/** A flex row that pushes its children to both ends. */
export const Spread = /* @__PURE__ */ classed('div', 'ns-spread', 'Spread');
