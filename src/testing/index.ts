// @neurosquad/card-sdk/testing: an in-memory host for unit tests and browser previews.
export { createMockHost } from './mock-host.js';
export { replayFrom } from './replay.js';
export type { NetRecording, NetRecordingEntry } from './replay.js';
export type { HostAnswer } from '../host/engine.js';
export type {
  MockAgentRecords,
  MockCall,
  MockChrome,
  MockChromeAttention,
  MockChromeBadge,
  MockChromeStatus,
  MockChromeTitle,
  MockConfirmRequest,
  MockDelivery,
  MockEvent,
  MockFetchRequest,
  MockFetchResponse,
  MockFile,
  MockHandler,
  MockHost,
  MockHostOptions,
  MockMethodHandler,
  MockPeer,
  MockPeerPort,
  MockPortMessageOptions,
  MockPortRequestOptions,
  MockServeFrameOptions,
  MockServeOptions,
  MockTerminalRun,
  MockToolCallOptions,
} from './types.js';
