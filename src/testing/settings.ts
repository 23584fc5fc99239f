import { CardSdkError } from '../contract/errors.js';
import { validateSettingsValues } from '../contract/settings-values.js';
import type { NormalizedManifest } from '../contract/types.js';
import type { BuiltinHandlers } from './mock-host.js';

/** Keys of the manifest's secret settings. */
export function secretKeys(manifest: NormalizedManifest): string[] {
  return manifest.settings.filter((s) => s.type === 'secret').map((s) => s.key);
}

/** `settings.*`: `set` is validated like the app's settings form. */
export const settingHandlers: BuiltinHandlers = {
  'settings.get'(_params, host) {
    return host.context.settings;
  },
  'settings.set'(params: { values: Record<string, unknown> }, host) {
    const issues = validateSettingsValues(host.manifest.settings, params.values);
    const first = issues[0];
    if (first) throw new CardSdkError('INVALID_PARAMS', `${first.key}: ${first.message}`, issues);
    host.setSettings(params.values);
    return host.context.settings;
  },
  'settings.open'() {
    return undefined;
  },
};
