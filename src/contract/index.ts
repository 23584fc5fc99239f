// The protocol contract: data shapes, limits, errors, permissions, method and event tables.
// contract tables
export * from './limits.js';
export * from './errors.js';
// end contract tables
