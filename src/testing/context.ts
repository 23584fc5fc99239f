import { CARD_PROTOCOL_VERSION, DEFAULT_LOCALES, localize } from '../contract/constants.js';
import type { CardLanguage } from '../contract/constants.js';
import { LIMITS } from '../contract/limits.js';
import { DEFAULT_THEME } from '../contract/theme.js';
import { toPortInfo } from '../contract/ports.js';
import type { CardContext, NormalizedManifest, PeerInfo, PortInfo } from '../contract/types.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import type { MockHostOptions, MockPeer, MockPeerPort } from './types.js';

/** The locale the app pairs with a language (undefined for languages it does not speak). */
export function localeFor(language: string): string | undefined {
  return (DEFAULT_LOCALES as Record<string, string | undefined>)[language];
}

/** A peer's port as the card sees it: texts in the app language, `mode`, `retain` and `default` filled in. */
function peerPortInfo(port: MockPeerPort, language: string): PortInfo {
  const info = toPortInfo(port, language);
  if (port.permission !== undefined) info.permission = port.permission;
  return info;
}

/** A peer without the mock-only `retained` and `respond`, as the card sees it in the app language. */
export function peerInfo(peer: MockPeer, language: string): PeerInfo {
  const { retained: _retained, respond: _respond, inputs, outputs, ...info } = peer;
  return {
    ...info,
    inputs: inputs.map((port) => peerPortInfo(port, language)),
    outputs: outputs.map((port) => peerPortInfo(port, language)),
  };
}

/** The parts of the context that speak the app language: the card's name, its ports and its peers. */
export function localizedContext(
  manifest: NormalizedManifest,
  peers: readonly MockPeer[],
  language: string,
): { displayName: string; ports: CardContext['ports']; peers: PeerInfo[] } {
  return {
    displayName: localize(manifest.displayName, language),
    ports: {
      inputs: manifest.ports.inputs.map((port) => toPortInfo(port, language)),
      outputs: manifest.ports.outputs.map((port) => toPortInfo(port, language)),
    },
    peers: peers.map((peer) => peerInfo(peer, language)),
  };
}

/** Builds the host context a fresh mock starts with (A.4), before grants and settings are filled in. */
export function defaultContext(manifest: NormalizedManifest, options: MockHostOptions): CardContext {
  const override = (options.context ?? {}) as Record<string, unknown>;
  const requested = (override.i18n as { language?: string } | undefined)?.language;
  const language = (requested ?? 'en') as CardLanguage;
  const localized = localizedContext(manifest, options.peers ?? [], language);
  const instance = {
    instanceId: 'card-1',
    packageId: `dev:/mock/${manifest.name}`,
    name: manifest.name,
    displayName: localized.displayName,
    version: manifest.version,
    commit: null,
    title: null,
    size: { ...manifest.card.defaultSize },
    dev: true,
    ...((override.instance as object | undefined) ?? {}),
  };
  const context: Record<string, unknown> = {
    protocol: options.hostProtocol ?? CARD_PROTOCOL_VERSION,
    appVersion: '0.0.0-mock',
    instance,
    workspace: { id: 'workspace-1', name: 'Mock workspace' },
    visibility: 'visible',
    expanded: false,
    // The SDK's frozen default, shared by every host: `host.setTheme()` puts a new theme in its place.
    theme: DEFAULT_THEME,
    i18n: { language, locale: localeFor(language) },
    settings: { values: {}, secrets: {} },
    permissions: [],
    ports: localized.ports,
    peers: localized.peers,
    launch: 'created',
    limits: LIMITS,
    tools: manifest.tools.map((tool) => tool.name),
  };
  for (const [key, value] of Object.entries(override)) {
    if (key !== 'instance') context[key] = value;
  }
  // An `i18n` given with only a language gets that language's locale from the fixed table.
  const i18n = override.i18n as { language?: string; locale?: string } | undefined;
  if (i18n && i18n.locale === undefined) context.i18n = { ...i18n, language, locale: localeFor(language) };
  return context as unknown as CardContext;
}

/** `theme.get`, `i18n.get` and `workspace.get`: parts of the context as they are now. */
export const contextHandlers: Builtins<MockCore, MethodsOf<'theme' | 'i18n' | 'workspace'>> = {
  'theme.get'(_params, core) {
    return core.context.theme;
  },
  'i18n.get'(_params, core) {
    return core.context.i18n;
  },
  'workspace.get'(_params, core) {
    return core.context.workspace;
  },
};
