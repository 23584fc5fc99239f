// @neurosquad/card-sdk: the dependency-free client core.
export * from './contract/index.js';
export * from './client/index.js';
export {
  parseRequest,
  buildRequest,
  buildResult,
  buildError,
  buildEvent,
  type ParsedRequest,
  type RequestEnvelope,
  type ResponseEnvelope,
  type SuccessEnvelope,
  type ErrorEnvelope,
  type EventEnvelope,
} from './transport/index.js';
