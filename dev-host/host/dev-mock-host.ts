// The mock host the dev page serves the card from: the manifest's state, answered by the page's dialogs.
import { createMockHost } from '../../src/testing/index.js';
import type { MockHost, MockHostOptions } from '../../src/testing/index.js';
import type { HostDialogs } from './host-dialogs.js';

/** Builds a mock host from the card's manifest; its confirmations and permission requests open `dialogs`. */
export function createDevMockHost(manifest: unknown, dialogs: HostDialogs, options: MockHostOptions = {}): MockHost {
  return createMockHost({
    ...options,
    manifest: manifest as Record<string, unknown>,
    // No `grant`: the declared non-optional permissions, as the app grants on install; optional ones are asked.
    confirm: (request) => dialogs.confirm(request),
    requestPermissions: (ids) => dialogs.requestPermissions(ids),
  });
}
