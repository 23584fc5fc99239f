// What the wire layer adds to the public surface: the envelope builders and the envelope types.
export {
  buildError,
  buildEvent,
  buildRequest,
  buildResult,
  type ErrorEnvelope,
  type EventEnvelope,
  type RequestEnvelope,
  type ResponseEnvelope,
  type SuccessEnvelope,
} from './envelopes.js';
