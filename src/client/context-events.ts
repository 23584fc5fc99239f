import type { CardContext, CardI18n, CardSize, CardTheme, CardVisibility } from '../contract/types.js';
import { applyLanguage, applyTheme, type ThemeTarget } from './apply-theme.js';
import type { CardSession } from './session.js';

/** Where the theme and language go (see `CardSetup`). */
export interface LookSetup {
  theme?: false | ThemeTarget;
  syncLang?: boolean;
}

function globalDocument(): Document | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/**
 * Keeps `card.context` in step with host events (visibility, expansion, size, settings, theme, language,
 * permissions, peers), answers `host.ping`, and returns the function that applies theme and language.
 */
export function followHostContext(session: CardSession, setup: LookSetup): () => void {
  const { context, events } = session;

  const applyLook = (): void => {
    const doc = globalDocument();
    if (setup.theme !== false) {
      const target = setup.theme && typeof setup.theme === 'object' ? setup.theme : doc?.documentElement;
      if (target) applyTheme(context.get().theme, target);
    }
    if (setup.syncLang !== false && doc) applyLanguage(context.get().i18n, doc);
  };

  events.intercept('host.ping', (data) => {
    const seq = (data as { seq?: unknown } | null)?.seq;
    session.channel.notify('host.pong', { seq });
  });
  events.intercept('lifecycle.visibility', (data) => {
    context.update({ visibility: (data as { state: CardVisibility }).state });
  });
  events.intercept('lifecycle.expanded', (data) => {
    context.update({ expanded: (data as { expanded: boolean }).expanded });
  });
  events.intercept('lifecycle.resized', (data) => {
    const { w, h } = data as CardSize;
    context.update({ instance: { ...context.get().instance, size: { w, h } } });
  });
  events.intercept('settings.changed', (data) => context.update({ settings: data as CardContext['settings'] }));
  events.intercept('theme.changed', (data) => {
    context.update({ theme: data as CardTheme });
    applyLook();
  });
  events.intercept('i18n.changed', (data) => {
    context.update({ i18n: data as CardI18n });
    applyLook();
  });
  events.intercept('permissions.changed', (data) =>
    context.update({ permissions: data as CardContext['permissions'] }),
  );
  events.intercept('ports.peersChanged', (data) => context.update({ peers: data as CardContext['peers'] }));
  return applyLook;
}
