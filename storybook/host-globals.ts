// The toolbar values a story's host runs with, and how they differ from what the toolbar shows.
import type { MockHost } from '../src/testing/index.js';
import type { NeurosquadGlobals } from './parameters.js';

/** The host's theme scheme, language and visibility as toolbar values. */
export function hostGlobals(host: MockHost): Required<NeurosquadGlobals> {
  const context = host.hostContext;
  return {
    nsTheme: context.theme.scheme,
    nsLanguage: context.i18n.language,
    nsVisibility: context.visibility,
  };
}

/**
 * The values of `target` that `shown` does not have yet, for the switches both name (a toolbar without a
 * switch is left alone), or `null` when they agree.
 */
export function changedGlobals(target: NeurosquadGlobals, shown: NeurosquadGlobals): NeurosquadGlobals | null {
  const changed: NeurosquadGlobals = {};
  if (target.nsTheme !== undefined && shown.nsTheme !== undefined && target.nsTheme !== shown.nsTheme) {
    changed.nsTheme = target.nsTheme;
  }
  if (target.nsLanguage !== undefined && shown.nsLanguage !== undefined && target.nsLanguage !== shown.nsLanguage) {
    changed.nsLanguage = target.nsLanguage;
  }
  if (
    target.nsVisibility !== undefined &&
    shown.nsVisibility !== undefined &&
    target.nsVisibility !== shown.nsVisibility
  ) {
    changed.nsVisibility = target.nsVisibility;
  }
  return Object.keys(changed).length > 0 ? changed : null;
}
