// The card's `net.fetch` and `net.abort`, answered by the dev server's proxy (the app's rules, performed in Node),
// and the secret settings, whose values only the dev server holds.
import { CardSdkError, isCardSdkErrorCode } from '../../src/index.js';
import type { NetRawResponse } from '../../src/index.js';
import type { NetLogEntry } from '../../src/dev/net-proxy.js';
import type { MockHost } from '../../src/testing/index.js';

/** One request on record, as the dev server reports it (secret values masked). */
export type NetworkRecord = NetLogEntry;

/** The dev server's network as the panel shows it: the request records and the secrets it holds. */
export interface PanelNetwork {
  records: readonly NetworkRecord[];
  /** The secrets are kept in the file beside the card. */
  kept: boolean;
  /** Gives a secret to the dev server (`null` clears it); `keep` writes it to the file beside the card. */
  setSecret(key: string, value: string | null, keep: boolean): Promise<void>;
}

/** The secrets the dev server holds: which keys are set, and whether they are kept in the file beside the card. */
export interface SecretsState {
  set: string[];
  kept: boolean;
}

/** What the mock host keeps as a secret's value: the real one stays on the dev server, which fills placeholders. */
export const SECRET_HELD_BY_SERVER = '(held by the dev server)';

function rebuildError(value: unknown): CardSdkError {
  const error = (value ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = isCardSdkErrorCode(error.code) ? error.code : 'NETWORK_ERROR';
  return new CardSdkError(code, typeof error.message === 'string' ? error.message : 'the request failed', error.data);
}

// Lets the card's reply go out before the stream's first chunk.
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Answers the card's `net.fetch` through the dev server (`POST /__dev/net/fetch`) and passes `net.abort` on;
 * `record` gets each request's record; `base` is a canvas card's routes. Returns the stop, which ends the requests still running.
 */
export function forwardNet(host: MockHost, record: (entry: NetworkRecord) => void, base = ''): () => void {
  const running = new Set<AbortController>();
  host.handle('net.fetch', async (params) => {
    const controller = new AbortController();
    running.add(controller);
    let response: Response;
    try {
      response = await fetch(`${base}/__dev/net/fetch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ params, grants: [...host.grants] }),
        signal: controller.signal,
      });
    } catch (error) {
      running.delete(controller);
      throw new CardSdkError('NETWORK_ERROR', `the dev server cannot be reached (${String(error)})`);
    }
    if (!response.ok || !response.body) {
      running.delete(controller);
      throw new CardSdkError('NETWORK_ERROR', `the dev server answered ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    return new Promise((resolve, reject) => {
      let settled = false;
      const take = async (line: string): Promise<void> => {
        const value = JSON.parse(line) as Record<string, unknown>;
        if (value.response !== undefined) {
          settled = true;
          resolve(value.response as NetRawResponse);
          await nextTask();
        } else if (value.error !== undefined) {
          settled = true;
          reject(rebuildError(value.error));
        } else if (value.chunk !== undefined) host.emit('net.chunk', value.chunk);
        else if (value.record !== undefined) record(value.record as NetworkRecord);
      };
      void (async () => {
        let buffer = '';
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end: number;
            while ((end = buffer.indexOf('\n')) >= 0) {
              const line = buffer.slice(0, end);
              buffer = buffer.slice(end + 1);
              if (line.trim() !== '') await take(line);
            }
          }
        } catch {
          // The page stopped the request or the server went away: the card is told below if it waits.
        } finally {
          running.delete(controller);
          if (!settled) reject(new CardSdkError('NETWORK_ERROR', 'the dev server ended the request'));
        }
      })();
    });
  });
  host.handle('net.abort', (params) => {
    void fetch(`${base}/__dev/net/abort`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: params.requestId }),
    }).catch(() => undefined);
  });
  return () => {
    for (const controller of running) controller.abort();
    running.clear();
  };
}

/** Reads which secrets the dev server holds (kept from an earlier run, or set in another tab). */
export async function loadSecrets(base = ''): Promise<SecretsState> {
  const response = await fetch(`${base}/__dev/secrets`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`the dev server answered ${response.status} for /__dev/secrets`);
  return (await response.json()) as SecretsState;
}

/**
 * Gives a secret's value to the dev server (or clears it, `null`), kept in the file beside the card when
 * `keep`; the mock host learns only that it is set, which is all the card sees.
 */
export async function saveSecret(host: MockHost, key: string, value: string | null, keep: boolean, base = '') {
  const response = await fetch(`${base}/__dev/secrets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, value, keep }),
  });
  if (!response.ok) throw new Error(`the dev server refused the secret: ${(await response.text()).trim()}`);
  const state = (await response.json()) as SecretsState;
  host.setSecret(key, state.set.includes(key) ? SECRET_HELD_BY_SERVER : null);
  return state;
}
