// The protocol contract: data shapes, limits, errors, permissions, method and event tables.
// contract tables
export * from './limits.js';
export * from './errors.js';
export * from './constants.js';
export * from './theme.js';
export * from './permissions.js';
export * from './types.js';
export * from './events.js';
export * from './methods.js';
// end contract tables
export * from './theme-light.js';
