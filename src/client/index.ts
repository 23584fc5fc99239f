// The card client: connect() and the typed Card.
export { connect, type ConnectOptions } from './connect.js';
export { type Card, type CardHost, type CallOptions, type SpawnOptions, type WaitForOptions } from './card.js';
export { requestPermissions } from './request-permissions.js';
export {
  toolText,
  toolImage,
  toolError,
  normalizeToolResult,
  type CardTools,
  type ToolCallContext,
  type ToolHandler,
  type ToolHandlerCall,
} from './tools.js';
export type { CardAgents, PromptOptions } from './agents.js';
export type { CardFs, FsReadOptions, FsWriteOptions } from './fs.js';
export type { CardLifecycle } from './lifecycle.js';
export type { CardLog } from './log.js';
export type { CardFetchInit, CardNet } from './net.js';
export type { CardHeaders, CardResponse } from './net-response.js';
export type { BodyChunk } from './body-stream.js';
export type { CardPermissions } from './permissions.js';
export type { CardPortsApi, PortRequestContext } from './ports.js';
export type {
  Register,
  Unregistered,
  Inferred,
  RegisteredMap,
  OutputMap,
  InputMap,
  RequestMap,
  ToolMap,
  SettingMap,
  SecretMap,
  StorageMap,
  NameOf,
  KeyParam,
  KeyDefault,
  NameArg,
  ValueFor,
  DeclaredValue,
  MaybePromise,
  RequestData,
  RequestAnswer,
  RequestResponse,
  RequestQuery,
  RequestQueryAnswer,
  PeerOrOwnName,
  PeerOrOwnValue,
  PeerOrOwnDefault,
  SettingValues,
  SettingPatch,
  SettingValuesBound,
} from './register.js';
export { undeclaredPortError } from './port-checks.js';
export type { CardSettings } from './settings.js';
export type { CardStorage, CardStorageScope } from './storage.js';
export type { CardTerminals } from './terminals.js';
export type { CardMenuItem, CardUi, ToastOptions } from './ui.js';
export type { BadgeOptions, StatusOptions } from './chrome.js';
export { applyTheme, applyLanguage, type ThemeTarget } from './apply-theme.js';
export { createTranslator, type Translator, type TranslateVars, type TranslatorCard } from './translator.js';
