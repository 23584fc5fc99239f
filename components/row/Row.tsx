import { classed } from '../classed.js';

/** A centred flex row with 8px gaps. */
export const Row = /* @__PURE__ */ classed('div', 'ns-row', 'Row');
