import { CardSdkError } from '../contract/errors.js';
import { validateSettingsValues } from '../contract/settings-values.js';
import type { CardSettingsState, NormalizedManifest } from '../contract/types.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';

/** What `settings.*` owns besides the context: the values of secret settings (the card only sees flags). */
export interface SettingsState {
  readonly core: MockCore;
  readonly secretValues: Map<string, string>;
}

/** Keys of the manifest's secret settings. */
export function secretKeys(manifest: NormalizedManifest): string[] {
  return manifest.settings.filter((s) => s.type === 'secret').map((s) => s.key);
}

/** `{values, secrets}` for the given values and the stored secrets. */
export function settingsView(state: SettingsState, values: Record<string, unknown>): CardSettingsState {
  const secrets: Record<string, boolean> = {};
  for (const key of secretKeys(state.core.manifest)) secrets[key] = state.secretValues.has(key);
  return { values, secrets } as CardSettingsState;
}

/** Driver: merges setting values and secret flags into the context (not validated) and emits `settings.changed`. */
export function mergeSettings(
  core: MockCore,
  values: Record<string, unknown>,
  secretFlags: Record<string, boolean> = {},
): void {
  const current = core.context.settings;
  const settings = {
    values: { ...current.values, ...values },
    secrets: { ...current.secrets, ...secretFlags },
  } as CardSettingsState;
  core.context.settings = settings;
  core.emit('settings.changed', settings);
}

/** Driver: sets or clears a secret setting of the manifest, then tells the card its flag. */
export function setSecret(state: SettingsState, key: string, value: string | null): void {
  if (!secretKeys(state.core.manifest).includes(key)) {
    throw new Error(`mock host: "${key}" is not a secret setting of the manifest`);
  }
  if (value === null) state.secretValues.delete(key);
  else state.secretValues.set(key, value);
  mergeSettings(state.core, {}, { [key]: value !== null });
}

/** `settings.*`: `set` is validated like the app's settings form. */
export const settingHandlers: Builtins<SettingsState, MethodsOf<'settings'>> = {
  'settings.get'(_params, state) {
    return state.core.context.settings;
  },
  'settings.set'(params, state) {
    const { core } = state;
    const issues = validateSettingsValues(core.manifest.settings, params.values);
    const first = issues[0];
    if (first) throw new CardSdkError('INVALID_PARAMS', `${first.key}: ${first.message}`, issues);
    mergeSettings(core, params.values);
    return core.context.settings;
  },
  'settings.open'() {
    return undefined;
  },
};
