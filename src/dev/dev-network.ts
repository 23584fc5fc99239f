// The dev host's network: the secret store, the `net.fetch` proxy (live, recorded or replayed) and its routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RefusalError } from '../cli/io.js';
import type { NormalizedManifest } from '../contract/types.js';
import { secretKeys as secretSettingKeys } from '../testing/settings.js';
import { createNetProxy } from './net-proxy.js';
import { loadNetReplay, startNetRecording } from './net-recording.js';
import { serveNetRoute } from './net-routes.js';
import { createSecretStore } from './net-secrets.js';
import type { UpstreamOptions } from './net-upstream.js';

/** How `dev` reaches the network: `--record <file>`, `--replay <file>`, and a resolver and CA for tests. */
export interface DevNetworkOptions extends UpstreamOptions {
  /** Saves every response that passes in this file. */
  record?: string | undefined;
  /** Answers from this recording instead of the network. */
  replay?: string | undefined;
}

/** The dev host's network routes. */
export interface DevNetwork {
  /** Answers a network or secrets route; false for any other request. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
}

/** Builds the network of a `dev` session on `folder`, served on the page's `port`; a bad `--record`/`--replay` file is a `RefusalError`. */
export function createDevNetwork(
  folder: string,
  manifest: () => NormalizedManifest,
  print: (text: string) => void,
  port: () => number,
  options: DevNetworkOptions = {},
): DevNetwork {
  if (options.record !== undefined && options.replay !== undefined) {
    throw new RefusalError('--record and --replay cannot be used together');
  }
  const secretKeys = (): string[] => secretSettingKeys(manifest());
  const secrets = createSecretStore(folder, secretKeys);
  const proxy = createNetProxy({
    manifest,
    secrets,
    lookup: options.lookup,
    ca: options.ca,
    recorded: options.record === undefined ? undefined : startNetRecording(options.record),
    replay: options.replay === undefined ? undefined : loadNetReplay(options.replay),
  });
  return {
    serve: (request, response) => serveNetRoute(request, response, { proxy, secrets, secretKeys, print, port }),
  };
}
