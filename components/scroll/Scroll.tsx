import { classed } from '../classed.js';

/** A scrolling region with a thin scrollbar that keeps scroll inside the card. */
export const Scroll = /* @__PURE__ */ classed('div', 'ns-scroll', 'Scroll');
