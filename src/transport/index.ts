// The wire layer: envelopes, the request channel and the window handshake.
export {
  buildError,
  buildEvent,
  buildRequest,
  buildResult,
  type ErrorEnvelope,
  type EventEnvelope,
  type InboundMessage,
  readInbound,
  type RequestEnvelope,
  type ResponseEnvelope,
  type SuccessEnvelope,
} from './envelopes.js';
export { type Channel, type ChannelPort, type ChannelRules, createChannel, type RequestOptions } from './channel.js';
export { type EventSink } from './event-buffer.js';
export { notPlainJson, PLAIN_JSON_LIMITS } from './request-params.js';
export {
  type HandshakeMessageEvent,
  type HandshakeWindow,
  type HostHandoff,
  listenAgain,
  listenForHost,
  waitForHost,
} from './handshake.js';
