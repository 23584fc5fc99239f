// What the host tells the card about itself: instance, workspace, settings, chrome and the whole context.
import type { AttentionLevel, CardIcon, CardSize, CardTone, CardVisibility } from '../constants.js';
import type { LIMITS } from '../limits.js';
import type { PermissionView } from '../permissions.js';
import type { CardTheme } from '../theme.js';
import type { CardI18n } from './i18n.js';
import type { JsonValue } from './json.js';
import type { CardPorts, PeerInfo } from './ports.js';

/** This card instance (`context.instance`, `card.getInfo`). */
export interface CardInstance {
  instanceId: string;
  packageId: string;
  name: string;
  displayName: string;
  version: string;
  commit: string | null;
  title: string | null;
  size: CardSize;
  dev: boolean;
}

/** The workspace the card lives in; `path` only with file permissions. */
export interface WorkspaceInfo {
  id: string;
  name: string;
  path?: string;
}

/** A value of a non-secret setting. */
export type SettingValue = string | number | boolean;

/** Setting values and which secrets are set (`context.settings`, `settings.get`). */
export interface CardSettingsState {
  values: Record<string, SettingValue>;
  /** Secret key → whether the user has set it; values never reach the card. */
  secrets: Record<string, boolean>;
}

/** Status line the app shows for the card. */
export interface ChromeStatus {
  text: string;
  tone: CardTone;
  busy: boolean;
}

/** Badge the app shows for the card. */
export interface ChromeBadge {
  count: number | null;
  text: string | null;
  tone: CardTone;
}

/** What the card shows as a zoomed-out tile. */
export interface CardOverview {
  primary?: string | null;
  secondary?: string | null;
  progress?: number | null;
  tone?: CardTone;
  icon?: CardIcon | null;
}

/** The card's attention pulse. */
export interface ChromeAttention {
  level: Exclude<AttentionLevel, 'none'>;
  message: string | null;
}

/** Chrome the app keeps for the card across frame reloads. */
export interface CardChrome {
  title: string | null;
  status: ChromeStatus | null;
  badge: ChromeBadge | null;
  overview: CardOverview | null;
  attention: ChromeAttention | null;
}

/** Why the frame was loaded: a fresh card, or a reload of an existing one. */
export type CardLaunch = 'created' | 'reloaded' | (string & {});

/** Everything the host tells the card about itself (`host.ready` result, `card.context`). */
export interface CardContext {
  protocol: number;
  appVersion: string;
  instance: CardInstance;
  workspace: WorkspaceInfo;
  visibility: CardVisibility;
  expanded: boolean;
  theme: CardTheme;
  i18n: CardI18n;
  settings: CardSettingsState;
  permissions: PermissionView[];
  ports: CardPorts;
  peers: PeerInfo[];
  launch: CardLaunch;
  limits: typeof LIMITS;
  /** The `init` given to `card.spawn` for this card. */
  spawnInit?: JsonValue;
  chrome?: CardChrome;
  /** Names of the tools the manifest declares (hosts that send it let `tools.handle` warn about a typo). */
  tools?: string[];
}
