'use client';
// @neurosquad/card-sdk/react: CardProvider and the hooks, on a query cache and a context store.
export { CardProvider, type CardProviderProps, type SharedQueryClient } from './CardProvider.js';
export { cardQueryKeys } from './query-keys.js';
export {
  agentsQueryOptions,
  agentTimelineQueryOptions,
  agentUsageQueryOptions,
  hostSupportsQueryOptions,
  lastReplyQueryOptions,
  storageQueryOptions,
  type StoredEntry,
} from './query-options.js';
export type { HostQueryStatus, QueryStatusFields } from './query-status.js';
export { useCard } from './useCard.js';
export { useCardContext } from './useCardContext.js';
export { useTheme } from './useTheme.js';
export { useLanguage } from './useLanguage.js';
export { useVisibility } from './useVisibility.js';
export { useExpanded } from './useExpanded.js';
export { usePaused } from './usePaused.js';
export { usePausedIfConnected } from './usePausedIfConnected.js';
export { usePeers } from './usePeers.js';
export { useSettings, type SettingsState } from './useSettings.js';
export { usePermissions, type PermissionsState } from './usePermissions.js';
export { usePermission, type PermissionState } from './usePermission.js';
export { useStorage, type StorageSetter, type StorageStatus, type UseStorageOptions } from './useStorage.js';
export { useAgents, type AgentFilter, type AgentsState } from './useAgents.js';
export { useAgent, type AgentState } from './useAgent.js';
export { useAgentStatus } from './useAgentStatus.js';
export { useAgentUsage } from './useAgentUsage.js';
export { useAgentTimeline } from './useAgentTimeline.js';
export type { AgentWindowOptions, AgentWindowState } from './useAgentWindowQuery.js';
export { useAgentOutput, type AgentOutputOptions, type AgentOutputState } from './useAgentOutput.js';
export { useLastReply, type LastReplyState } from './useLastReply.js';
export { useHostSupports, type HostSupportState } from './useHostSupports.js';
export { usePort, type PortState, type RetainedPortValue, type UsePortOptions } from './usePort.js';
export { useEmit, type EmitState } from './useEmit.js';
export { usePortRequest, type PortRequestRegistration } from './usePortRequest.js';
export { usePortQuery, type PortQueryOptions, type PortQueryState } from './usePortQuery.js';
export { useTool, type ToolRegistration } from './useTool.js';
export { useCardEvent } from './useCardEvent.js';
export { useTranslator } from './useTranslator.js';
export { useMenu } from './useMenu.js';
export { useStatus } from './useStatus.js';
export { useBadge } from './useBadge.js';
export { useOverview } from './useOverview.js';
export { useTitle } from './useTitle.js';
export type { ChromeState } from './useChromeValue.js';
export type { HostMutation } from './useHostMutation.js';
