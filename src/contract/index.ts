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
// contract validators
export * from './json.js';
export * from './schema.js';
export * from './schema-formats.js';
export * from './schema-check.js';
export * from './hosts.js';
export * from './headers.js';
export * from './secrets.js';
export * from './paths.js';
export * from './base64.js';
export * from './port-types.js';
export * from './ports.js';
export * from './builtin-ports.js';
export * from './reserved-names.js';
export * from './manifest-schema.js';
export * from './manifest-permissions.js';
export * from './manifest.js';
export * from './settings-values.js';
// end contract validators
export * from './theme-light.js';
