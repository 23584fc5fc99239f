import { classed } from '../classed.js';

/** Secondary text in the muted colour. */
export const Muted = /* @__PURE__ */ classed('span', 'ns-muted', 'Muted');
