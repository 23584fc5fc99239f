// The host side of the card protocol: serves one card over a MessagePort, state and handlers given from outside.
export * from './checks.js';
export * from './engine.js';
export * from './rate-limits.js';
export * from './frame.js';
export * from './subscriptions.js';
