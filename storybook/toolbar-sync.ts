// Keeps the toolbar and a story's host in step, both ways.
import { useEffect, useRef } from 'react';
import type { MockHost } from '../src/testing/index.js';
import { changedGlobals, hostGlobals } from './host-globals.js';
import { themeOf, type NeurosquadGlobals } from './parameters.js';

/** Sends toolbar values to the host as the app's events (`theme.changed`, `i18n.changed`, `lifecycle.visibility`). */
function applyGlobals(host: MockHost, globals: NeurosquadGlobals): void {
  if (globals.nsTheme) host.setTheme(themeOf(globals.nsTheme));
  if (globals.nsLanguage) host.setLanguage(globals.nsLanguage);
  if (globals.nsVisibility) host.setVisibility(globals.nsVisibility);
}

/**
 * Toolbar → host: a value picked on the toolbar after the story mounted goes to the host (the start values went
 * into its options). Host → toolbar, through `show`: the host's values whenever they differ from the toolbar (the
 * story's own parameters, a driver's change); when the story closes, the toolbar gets back the values picked on it.
 */
export function useToolbarSync(
  host: MockHost | null,
  globals: NeurosquadGlobals,
  show: ((globals: NeurosquadGlobals) => void) | undefined,
): void {
  const latest = useRef({ globals, show });
  // The toolbar values last acted on, and the ones the person picked (what the toolbar returns to).
  const seen = useRef(globals);
  const picked = useRef(globals);
  // Values shown since the toolbar last re-rendered the story, so one change is shown once.
  const pending = useRef<NeurosquadGlobals>({});
  useEffect(() => {
    if (changedGlobals(globals, latest.current.globals)) pending.current = {};
    latest.current = { globals, show };
  });

  const { nsTheme, nsLanguage, nsVisibility } = globals;
  useEffect(() => {
    if (!host) return;
    const current = { nsTheme, nsLanguage, nsVisibility };
    const changed = changedGlobals(current, seen.current);
    seen.current = current;
    // A value the host already runs came from the host itself (shown above), not from a pick.
    const toApply = changed && changedGlobals(changed, hostGlobals(host));
    if (!toApply) return;
    picked.current = { ...picked.current, ...toApply };
    applyGlobals(host, toApply);
  }, [host, nsTheme, nsLanguage, nsVisibility]);

  useEffect(() => {
    if (!host) return;
    const follow = () => {
      const { globals: shown, show: report } = latest.current;
      const differ = report ? changedGlobals(hostGlobals(host), { ...shown, ...pending.current }) : null;
      if (!differ) return;
      pending.current = { ...pending.current, ...differ };
      report?.(differ);
    };
    follow();
    const unsubscribe = host.subscribe(follow);
    return () => {
      unsubscribe();
      const back = changedGlobals(picked.current, hostGlobals(host));
      if (back) latest.current.show?.(back);
    };
  }, [host]);
}
