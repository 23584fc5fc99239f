// The wire layer: envelopes, the request channel and the window handshake.
export * from './envelopes.js';
export * from './channel.js';
export * from './handshake.js';
