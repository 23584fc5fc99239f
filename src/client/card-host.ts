import type { HostCapabilities } from '../contract/types.js';
import type { CardChannel } from './card-channel.js';

/** `card.host`: what the app supports. */
export interface CardHost {
  /** The host's protocol, method and event lists. */
  capabilities(): Promise<HostCapabilities>;
  /** True when the host knows `method` (asked once, then cached). */
  supports(method: string): Promise<boolean>;
}

/** Builds `card.host`; `supports` asks for the capabilities once and answers from them after. */
export function createCardHost(channel: CardChannel): CardHost {
  let capabilities: Promise<HostCapabilities> | null = null;
  const host: CardHost = {
    capabilities: () => channel.request('host.capabilities', {}),
    async supports(method) {
      capabilities ??= host.capabilities();
      const result = await capabilities;
      return Array.isArray(result?.methods) && result.methods.includes(method);
    },
  };
  return host;
}
