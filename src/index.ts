// @neurosquad/card-sdk: the dependency-free client core.
export * from './contract/index.js';
export * from './client/index.js';
export { parseRequest, type ParsedRequest } from './host/parse-request.js';
export {
  buildRequest,
  buildResult,
  buildError,
  buildEvent,
  type RequestEnvelope,
  type ResponseEnvelope,
  type SuccessEnvelope,
  type ErrorEnvelope,
  type EventEnvelope,
} from './transport/index.js';
