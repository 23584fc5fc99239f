import type { CardSettingsState, SettingValue } from '../contract/types.js';
import type {
  KeyDefault,
  KeyParam,
  NameArg,
  NameOf,
  SecretMap,
  SettingMap,
  SettingPatch,
  SettingValues,
  ValueFor,
} from './register.js';
import type { CardSession } from './session.js';

/** `card.settings`: the values the user set in the app's settings form. */
export interface CardSettings {
  /** Current values (non-secret settings). */
  readonly values: SettingValues;
  /** Secret key → whether it is set (secret values never reach the card). */
  readonly secrets: Record<NameOf<SecretMap>, boolean>;
  /** Reads one setting's current value, typed from the manifest. */
  value<K extends KeyParam<SettingMap, SettingValue> = KeyDefault<SettingMap, SettingValue>>(
    key: NameArg<SettingMap, K>,
  ): ValueFor<SettingMap, K> | undefined;
  /** True when the secret setting `key` is set. */
  hasSecret(key: NameOf<SecretMap>): boolean;
  /** Reads the settings from the host (and updates the context). */
  get(): Promise<CardSettingsState>;
  /** Changes values (validated by the host) and updates the context. */
  set(values: SettingPatch): Promise<CardSettingsState>;
  /** Opens the app's settings form for this card. */
  open(): Promise<void>;
  /** Calls `listener` when settings change; returns an unsubscribe function. */
  onChange(listener: (settings: CardSettingsState) => void): () => void;
}

/** Builds `card.settings`. */
export function createSettings(session: CardSession): CardSettings {
  const { channel, context } = session;
  const state = (): CardSettingsState => context.get().settings ?? { values: {}, secrets: {} };
  const replace = (settings: CardSettingsState): CardSettingsState => {
    context.update({ settings });
    return settings;
  };
  return {
    get values() {
      return state().values;
    },
    get secrets() {
      return state().secrets;
    },
    value: <T extends SettingValue>(key: string) => state().values[key] as T | undefined,
    hasSecret: (key) => state().secrets[key] === true,
    get: async () => replace(await channel.request('settings.get', {})),
    set: async (values) => replace(await channel.request('settings.set', { values })),
    async open() {
      await channel.request('settings.open', {});
    },
    onChange: (listener) => session.events.on('settings.changed', listener as (data: unknown) => void),
  };
}
