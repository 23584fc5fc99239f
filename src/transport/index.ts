// The wire layer: envelopes, the request channel, the window handshake and the host-side request parser.
export * from './envelopes.js';
export * from './parse-request.js';
export * from './channel.js';
export * from './handshake.js';
