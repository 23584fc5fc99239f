// What a running card imports when it has no bundler (dist/browser/client.js, vendored by the vanilla template):
// connect() and the helpers a card calls while it runs. The manifest, schema and path rules, the method table
// and the envelope builders stay in the full entry (dist/browser/index.js), which shares this code.
export {
  applyAgentStatus,
  applyAgentTurn,
  CARD_SDK_ERROR_CODES,
  CardSdkError,
  hasDownstreamPeer,
  isCardSdkError,
  isCardSdkErrorCode,
  permissionForPeer,
  pickInputFor,
  portsCompatible,
} from './contract/index.js';
export {
  applyLanguage,
  applyTheme,
  connect,
  createTranslator,
  normalizeToolResult,
  requestPermissions,
  toolError,
  toolImage,
  toolText,
  undeclaredPortError,
} from './client/index.js';
