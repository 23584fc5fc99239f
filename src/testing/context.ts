import { CARD_PROTOCOL_VERSION, DEFAULT_LOCALES, localize } from '../contract/constants.js';
import type { CardLanguage } from '../contract/constants.js';
import { LIMITS } from '../contract/limits.js';
import { DEFAULT_THEME } from '../contract/theme.js';
import type { CardContext, ManifestPort, NormalizedManifest, PeerInfo, PortInfo } from '../contract/types.js';
import type { MockHostOptions, MockPeer } from './types.js';

/** The locale the app pairs with a language (undefined for languages it does not speak). */
export function localeFor(language: string): string | undefined {
  return (DEFAULT_LOCALES as Record<string, string | undefined>)[language];
}

/** A manifest port as the card sees it: texts localized, `mode`, `retain` and `default` filled in. */
export function portInfo(port: ManifestPort & { permission?: string }, language: string): PortInfo {
  const info: Record<string, unknown> = {
    id: port.id,
    label: localize(port.label, language),
  };
  const description = localize(port.description, language);
  if (description) info.description = description;
  info.type = port.type;
  if (port.schema !== undefined) info.schema = port.schema;
  info.mode = port.mode ?? 'stream';
  if (port.response !== undefined) info.response = port.response;
  info.retain = port.retain === true;
  info.default = port.default === true;
  if (port.permission !== undefined) info.permission = port.permission;
  return info as unknown as PortInfo;
}

/** A peer without the mock-only `retained` and `respond`, as the card sees it. */
export function peerInfo(peer: MockPeer): PeerInfo {
  const { retained: _retained, respond: _respond, ...info } = peer;
  return info as PeerInfo;
}

/** Builds the host context a fresh mock starts with (A.4), before grants and settings are filled in. */
export function defaultContext(manifest: NormalizedManifest, options: MockHostOptions): CardContext {
  const override = (options.context ?? {}) as Record<string, unknown>;
  const requested = (override.i18n as { language?: string } | undefined)?.language;
  const language = (requested ?? 'en') as CardLanguage;
  const instance = {
    instanceId: 'card-1',
    packageId: `dev:/mock/${manifest.name}`,
    name: manifest.name,
    displayName: localize(manifest.displayName, language),
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
    theme: structuredClone(DEFAULT_THEME),
    i18n: { language, locale: localeFor(language) },
    settings: { values: {}, secrets: {} },
    permissions: [],
    ports: {
      inputs: manifest.ports.inputs.map((port) => portInfo(port, language)),
      outputs: manifest.ports.outputs.map((port) => portInfo(port, language)),
    },
    peers: (options.peers ?? []).map(peerInfo),
    launch: 'created',
    limits: LIMITS,
  };
  for (const [key, value] of Object.entries(override)) {
    if (key !== 'instance') context[key] = value;
  }
  return context as unknown as CardContext;
}
