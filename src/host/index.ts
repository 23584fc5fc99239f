// @neurosquad/card-sdk/host: the host side of the card protocol. Serves one card over a MessagePort or into a
// frame, checks every request in the app's order, and leaves the state and the handlers to the embedder.
export { checkRequest } from './checks.js';
export type { RequestCheckState } from './checks.js';
export { errorPayload, serveCardPort } from './engine.js';
export type { CardHostBindings, CardPortServer, HostAnswer, HostRequest } from './engine.js';
export { serveCardFrame } from './frame.js';
export { parseRequest } from './parse-request.js';
export type { ParsedRequest } from './parse-request.js';
export type { CardFrameOptions, CardFrameWindow } from './frame.js';
export { createRateLimiter } from './rate-limits.js';
export type { RateLimiter } from './rate-limits.js';
export { createTopicSubscriptions } from './subscriptions.js';
export type { TopicSubscriptions } from './subscriptions.js';
