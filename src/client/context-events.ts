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

  // A card keeps its handler for its whole life: one closure for every event of the table, not one each.
  const follow = (data: unknown, event: string): void => FOLLOW[event]?.(data, session, applyLook);
  for (const event of Object.keys(FOLLOW)) events.intercept(event, follow);
  return applyLook;
}
