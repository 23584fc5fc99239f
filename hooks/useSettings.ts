import { useCallback, useMemo } from 'react';
import type {
  CardContext,
  CardSdkError,
  NameOf,
  SecretMap,
  SettingValue,
  SettingValues,
  SettingValuesBound,
} from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';
import { useHostMutation } from './useHostMutation.js';

/** The card's setting values, which secrets are set, and ways to save values or open the form. */
export interface SettingsState<V extends SettingValuesBound> {
  /** The current values (manifest defaults merged with what the user chose). */
  values: V;
  /** For each secret setting: whether the user has set it (the value itself never reaches the card). */
  secrets: Readonly<Record<NameOf<SecretMap>, boolean>>;
  /** True when the secret setting `key` is set. */
  hasSecret: (key: NameOf<SecretMap>) => boolean;
  /** Saves new values; resolves true on success, false on failure (see `error`). */
  set: (values: Partial<V>) => Promise<boolean>;
  /** Opens the app's settings form for this card; resolves true when it opened. */
  open: () => Promise<boolean>;
  /** True while `set` or `open` is in flight. */
  pending: boolean;
  /** The same as `pending`, in TanStack Query's word. */
  isPending: boolean;
  /** The failure of the last `set` or `open`. */
  error: CardSdkError | null;
}

const selectSettings = (context: CardContext) => context.settings;

/**
 * The card's settings, live, with `set` and `open`.
 * @typeParam V - The settings' keys and value types (`useSettings<{ interval: number }>()`); the card's
 *   `Register['settings']` when it declares one.
 */
export function useSettings<V extends SettingValuesBound = SettingValues>(): SettingsState<V> {
  const { card } = useCardRuntime('useSettings');
  const settings = useContextSelector(selectSettings, Object.is, 'useSettings');
  const save = useHostMutation('useSettings', 'settings.set', (values: Partial<V>) =>
    card.settings.set(values as Record<string, SettingValue>),
  );
  const show = useHostMutation('useSettings', 'settings.open', async () => {
    await card.settings.open();
    return true;
  });
  const saveRun = save.run;
  const showRun = show.run;
  const set = useCallback(async (values: Partial<V>) => (await saveRun(values)) !== undefined, [saveRun]);
  const open = useCallback(async () => (await showRun(undefined)) === true, [showRun]);
  const secrets = settings.secrets;
  const hasSecret = useCallback((key: string) => secrets[key] === true, [secrets]);
  return useMemo(
    () => ({
      values: settings.values as V,
      secrets,
      hasSecret,
      set,
      open,
      pending: save.pending || show.pending,
      isPending: save.pending || show.pending,
      error: save.error ?? show.error,
    }),
    [settings.values, secrets, hasSecret, set, open, save.pending, show.pending, save.error, show.error],
  );
}
