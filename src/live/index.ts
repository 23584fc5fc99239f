// @neurosquad/card-sdk/live: framework-free live models of what a card watches, each with `subscribe` and
// `getSnapshot` (read them from a vanilla card, a controller, or React's `useSyncExternalStore`).
export { createAgentsModel, type AgentsModel, type AgentsSnapshot } from './agents-model.js';
export {
  createStorageModel,
  type StorageModel,
  type StorageWriteOptions,
  type StoredSnapshot,
} from './storage-model.js';
export {
  createPortInputModel,
  type PortInputModel,
  type PortInputSnapshot,
  type RetainedPortValue,
} from './port-input-model.js';
export { createSendModel, type SendModel, type SendSnapshot } from './send-model.js';
export {
  createChromeClaims,
  createChromeValue,
  type ChromeClaims,
  type ChromeSnapshot,
  type ChromeValue,
} from './chrome-claims.js';
export { queryStatus, toCardSdkError, type HostQueryStatus, type QueryStatusFields } from './status.js';
