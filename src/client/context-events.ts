import type { CardContext, CardI18n, CardSize, CardTheme, CardVisibility } from '../contract/types.js';
import { applyLanguage, applyTheme, type ThemeTarget } from './apply-theme.js';
import type { CardSession } from './session.js';

/** Where the theme and language go (see `CardSetup`). */
export interface LookSetup {
  theme?: false | ThemeTarget;
  syncLang?: boolean;
}

/** What each host event that changes `card.context` does (and `host.ping`, answered here); one table for all cards. */
const FOLLOW: Readonly<Record<string, (data: unknown, session: CardSession, applyLook: () => void) => void>> = {
  'host.ping': (data, session) => session.channel.notify('host.pong', { seq: (data as { seq?: unknown }).seq }),
  'lifecycle.visibility': (data, { context }) =>
    context.update({ visibility: (data as { state: CardVisibility }).state }),
  'lifecycle.expanded': (data, { context }) => context.update({ expanded: (data as { expanded: boolean }).expanded }),
  'lifecycle.resized': (data, { context }) => {
    const { w, h } = data as CardSize;
    context.update({ instance: { ...context.get().instance, size: { w, h } } });
  },
  'settings.changed': (data, { context }) => context.update({ settings: data as CardContext['settings'] }),
  'theme.changed': (data, { context }, applyLook) => {
    context.update({ theme: data as CardTheme });
    applyLook();
  },
  'i18n.changed': (data, { context }, applyLook) => {
    context.update({ i18n: data as CardI18n });
    applyLook();
  },
  'permissions.changed': (data, { context }) => context.update({ permissions: data as CardContext['permissions'] }),
  'ports.peersChanged': (data, { context }) => context.update({ peers: data as CardContext['peers'] }),
};

function globalDocument(): Document | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/**
 * Keeps `card.context` in step with host events (visibility, expansion, size, settings, theme, language,
 * permissions, peers) and answers `host.ping`: applies the theme and language now, and returns the handler the card
 * runs on every host event before its router (one closure per card, no table entries).
 */
export function followHostContext(session: CardSession, setup: LookSetup): (event: string, data: unknown) => void {
  const { context } = session;

  const applyLook = (): void => {
    const doc = globalDocument();
    if (setup.theme !== false) {
      const target = setup.theme && typeof setup.theme === 'object' ? setup.theme : doc?.documentElement;
      if (target) applyTheme(context.get().theme, target);
    }
    if (setup.syncLang !== false && doc) applyLanguage(context.get().i18n, doc);
  };
  applyLook();

  // Every payload of the protocol is an object: anything else is left to the card's own listeners.
  return (event, data) => {
    const follow = Object.hasOwn(FOLLOW, event) ? FOLLOW[event] : undefined;
    if (!follow || typeof data !== 'object' || data === null) return;
    try {
      follow(data, session, applyLook);
    } catch (error) {
      session.report(`${event} handler`, error);
    }
  };
}
