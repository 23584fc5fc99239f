/** The wire protocol version this SDK speaks (sent as `protocol` in `host.ready` and as `v` in every envelope). */
export const CARD_PROTOCOL_VERSION = 1;

/** The version of this SDK, sent as `sdkVersion` in `host.ready`. */
export const SDK_VERSION = '1.3.0';

/** The manifest format version (`manifestVersion` in neurosquad-card.json). */
export const MANIFEST_VERSION = 1;

/** The tag every envelope carries in its `ns` field. */
export const NS = 'nscard';

/** Package paths starting with this prefix are reserved for the app. */
export const RESERVED_PATH_PREFIX = '__ns/';

/** The manifest file name at the root of a card folder. */
export const MANIFEST_FILE = 'neurosquad-card.json';

/** The `$id` of the manifest JSON schema. */
export const MANIFEST_SCHEMA_ID = 'https://neurosquad.ai/schemas/neurosquad-card.v1.json';

/** Formats the value validator understands in `format`. */
export const SCHEMA_FORMATS = ['uri', 'date-time', 'date', 'email', 'color', 'uuid'] as const;
/** One supported `format` name. */
export type SchemaFormat = (typeof SCHEMA_FORMATS)[number];

/** Tones for status, badge, overview, toasts and menu items. */
export const CARD_TONES = ['default', 'accent', 'success', 'warning', 'danger'] as const;
/** The colour a status, badge, overview, toast or menu item is drawn in. */
export type CardTone = (typeof CARD_TONES)[number];

/** Types a manifest setting can have. */
export const SETTING_TYPES = ['string', 'text', 'number', 'boolean', 'select', 'secret', 'color'] as const;
/** The `type` of a manifest setting: which control the app shows and which values it keeps. */
export type SettingType = (typeof SETTING_TYPES)[number];

/** Languages the app speaks. */
export const CARD_LANGUAGES = ['en', 'ru', 'zh'] as const;
/** A language the app can be set to (`i18n.language`, keys of a localized manifest text). */
export type CardLanguage = (typeof CARD_LANGUAGES)[number];

/** The locale used for a language when the host gives none. */
export const DEFAULT_LOCALES: Readonly<Record<CardLanguage, string>> = /* @__PURE__ */ Object.freeze({
  en: 'en-US',
  ru: 'ru-RU',
  zh: 'zh-CN',
});

/** A width × height pair in CSS pixels. */
export interface CardSize {
  w: number;
  h: number;
}

/** Smallest size a card may declare. */
export const CARD_MIN_SIZE: Readonly<CardSize> = /* @__PURE__ */ Object.freeze({ w: 200, h: 120 });
/** Largest size a card may declare. */
export const CARD_MAX_SIZE: Readonly<CardSize> = /* @__PURE__ */ Object.freeze({ w: 2400, h: 1800 });
/** Size of a card that declares none. */
export const CARD_DEFAULT_SIZE: Readonly<CardSize> = /* @__PURE__ */ Object.freeze({ w: 420, h: 320 });

/** Kinds of card a card may spawn with `card.spawn`. */
export const SPAWN_KINDS = ['self', 'note', 'todo', 'kanban', 'sticky'] as const;
/** The kind of card `card.spawn` opens: this package again, or a built-in card. */
export type SpawnKind = (typeof SPAWN_KINDS)[number];

/** How strongly `card.attention` asks for the user: not at all, a hint, or input needed. */
export const ATTENTION_LEVELS = ['none', 'info', 'needs-input'] as const;
/** An argument of `card.attention`. */
export type AttentionLevel = (typeof ATTENTION_LEVELS)[number];

/** Storage scopes: this card instance, or every card of the package. */
export const STORAGE_SCOPES = ['instance', 'package'] as const;
/** Whose storage a call reads or writes: this instance's, or the package's. */
export type StorageScope = (typeof STORAGE_SCOPES)[number];

/** The time windows `usage.summary` can add up: today, the last 7 or 30 days. */
export const USAGE_PERIODS = ['today', '7d', '30d'] as const;
/** The window of one `usage.summary` call. */
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** Icon names (Heroicons) allowed for the overview and menu items. */
export const CARD_ICONS = [
  'academic-cap',
  'arrow-path',
  'beaker',
  'bell',
  'bolt',
  'book-open',
  'bug-ant',
  'calendar',
  'camera',
  'chart-bar',
  'chart-pie',
  'chat-bubble-left-right',
  'check-circle',
  'clock',
  'cloud',
  'code-bracket',
  'command-line',
  'cpu-chip',
  'cube',
  'currency-dollar',
  'document-text',
  'exclamation-triangle',
  'film',
  'fire',
  'flag',
  'folder',
  'globe-alt',
  'heart',
  'inbox',
  'key',
  'light-bulb',
  'link',
  'list-bullet',
  'map',
  'megaphone',
  'moon',
  'musical-note',
  'newspaper',
  'paper-airplane',
  'pause',
  'photo',
  'play',
  'puzzle-piece',
  'rocket-launch',
  'server',
  'shield-check',
  'signal',
  'sparkles',
  'star',
  'stop',
  'sun',
  'table-cells',
  'tag',
  'trash',
  'trophy',
  'users',
  'wrench-screwdriver',
] as const;
/** An icon the app draws for the overview, menu items and the kit's `Icon`. */
export type CardIcon = (typeof CARD_ICONS)[number];

/** Where the card is shown: on screen, as a zoomed-out tile, or not at all. */
export const VISIBILITY_STATES = ['visible', 'overview', 'hidden'] as const;
/** How the card is shown now (`context.visibility`, `lifecycle.visibility`). */
export type CardVisibility = (typeof VISIBILITY_STATES)[number];

/** Statuses of an agent or terminal. */
export const AGENT_STATUSES = ['working', 'needs-input', 'finished', 'idle', 'exited'] as const;
/** What an agent or terminal is doing now (`agents.status` events, `AgentInfo.status`). */
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** The levels `card.log` writes at, and `host.log` accepts. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** The level of one `card.log` line. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A manifest text: one string, or one string per language (`en` required). */
export type LocalizedText = string | ({ en: string } & Partial<Record<Exclude<CardLanguage, 'en'>, string>>);

/** Picks the text for `language` from a manifest text (`''` when absent, English as the fallback). */
export function localize(value: LocalizedText | undefined | null, language: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return (value as Record<string, string | undefined>)[language] ?? value.en;
}
