// Drivers of what the app changes around the card: visibility, size, theme and language.
import type { CardLanguage, CardVisibility } from '../contract/constants.js';
import type { CardContext } from '../contract/types.js';
import { localeFor, localizedContext } from './context.js';
import type { MockCore } from './core.js';
import { permissionList } from './permissions.js';
import type { MockPeer } from './types.js';

/** Moves the card on or off screen. */
export function setVisibility(core: MockCore, state: CardVisibility): void {
  core.context.visibility = state;
  core.emit('lifecycle.visibility', { state });
}

/** Expands or collapses the card. */
export function setExpanded(core: MockCore, expanded: boolean): void {
  core.context.expanded = expanded;
  core.emit('lifecycle.expanded', { expanded });
}

/** Resizes the card (no clamping). */
export function resizeCard(core: MockCore, size: { w: number; h: number }): void {
  const next = { w: size.w, h: size.h };
  core.context.instance.size = next;
  core.emit('lifecycle.resized', { ...next });
}

/** Switches the app theme. */
export function setTheme(core: MockCore, theme: CardContext['theme']): void {
  core.context.theme = theme;
  core.emit('theme.changed', theme);
}

/** Switches the app language: the name, ports, peers and permission texts follow. */
export function setLanguage(core: MockCore, peers: readonly MockPeer[], language: CardLanguage): void {
  const { context, manifest, options } = core;
  const i18n = { language, locale: localeFor(language) };
  context.i18n = i18n as CardContext['i18n'];
  const before = JSON.stringify(context.peers);
  const localized = localizedContext(manifest, peers, language);
  if (options.context?.instance?.displayName === undefined) context.instance.displayName = localized.displayName;
  context.ports = localized.ports;
  context.peers = localized.peers;
  context.permissions = permissionList(core);
  core.emit('i18n.changed', i18n);
  // The app re-sends the peers only when what the card sees of them changed.
  if (JSON.stringify(localized.peers) !== before) core.emit('ports.peersChanged', localized.peers);
}
