// The card's storage kept across `dev` runs, on the page's side: read from the dev server at start (each mock
// host is seeded before its card connects), and posted back a moment after it changed (src/dev/storage-routes.ts
// writes it to `.neurosquad-storage.json`). Only JSON values are kept: a card's `storage.set` can store nothing
// else (the contract checks it), and a value put into `host.storage` by other code that is not JSON is left out.
import { STORAGE_SCOPES, type StorageScope } from '../../src/contract/constants.js';
import { checkPlainJson } from '../../src/contract/json.js';
import type { JsonValue } from '../../src/contract/types.js';
import type { KeptStorage } from '../../src/dev/storage-file.js';
import type { StorageAnswer } from '../../src/dev/storage-routes.js';
import type { MockHost } from '../../src/testing/index.js';

export type { KeptStorage };

/** What the page learned at start: the storage to seed, and problems to list with the card's findings. */
export interface StoredAtStart {
  storage: KeptStorage;
  problems: string[];
}

/** Options of {@link createStorageSync}. */
export interface StorageSyncOptions {
  /** The storage the first host is seeded with (what the dev server read from the file). */
  initial: KeptStorage;
  /** Hands the storage to the dev server; rejects (with the reason) when it was not kept. */
  save: (storage: KeptStorage) => Promise<void>;
  /** Told why a save failed (the next change tries again); a reason is told again only after a save went well. */
  onProblem?: (message: string) => void;
  /** Quiet time after the last change before the storage is posted (ms, default 250). */
  delayMs?: number;
  /** The longest a change waits while the card keeps writing (ms, default 2000). */
  maxWaitMs?: number;
}

/** Keeps one card's storage across its mock hosts (one per manifest) and across `dev` runs. */
export interface StorageSync {
  /** Gives a new host the latest storage (the watched host's, else the initial one); call before its card connects. */
  seed(host: MockHost): void;
  /** Posts the host's storage a moment after each change; returns the stop, which posts what is still pending. */
  watch(host: MockHost): () => void;
  /** Posts the watched host's storage now if it changed since the last post. */
  flush(): void;
}

function emptyStorage(): KeptStorage {
  return { instance: {}, package: {} };
}

/** Storage as the file keeps it: keys sorted, values that are not JSON left out. */
function keptOf(scopes: Record<StorageScope, Iterable<[string, unknown]>>): KeptStorage {
  const kept = emptyStorage();
  for (const scope of STORAGE_SCOPES) {
    const entries = [...scopes[scope]]
      .filter(([, value]) => checkPlainJson(value) === null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // Built as own properties, so a key such as "__proto__" is kept like any other.
    kept[scope] = Object.fromEntries(entries) as Record<string, JsonValue>;
  }
  return kept;
}

/** The host's storage as the file keeps it: keys sorted, values that are not JSON left out. */
export function storageOf(host: MockHost): KeptStorage {
  return keptOf(host.storage);
}

/** Creates the sync; nothing is posted until a host's storage differs from what was read or last posted. */
export function createStorageSync(options: StorageSyncOptions): StorageSync {
  const delayMs = options.delayMs ?? 250;
  const maxWaitMs = options.maxWaitMs ?? 2000;
  let latest = options.initial;
  let posted = JSON.stringify(
    keptOf({ instance: Object.entries(latest.instance), package: Object.entries(latest.package) }),
  );
  let watched: MockHost | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstChange: number | null = null;
  let told: string | null = null;

  const post = (host: MockHost): void => {
    clearTimeout(timer);
    timer = undefined;
    firstChange = null;
    latest = storageOf(host);
    const text = JSON.stringify(latest);
    if (text === posted) return;
    posted = text;
    options.save(latest).then(
      () => {
        told = null;
      },
      (error: unknown) => {
        // Not kept: the next change (or flush) posts it again; the same reason is told once in a row.
        if (posted === text) posted = '';
        const message = error instanceof Error ? error.message : String(error);
        if (message !== told) options.onProblem?.(message);
        told = message;
      },
    );
  };

  const changed = (host: MockHost): void => {
    const now = Date.now();
    firstChange ??= now;
    clearTimeout(timer);
    const wait = Math.max(0, Math.min(delayMs, firstChange + maxWaitMs - now));
    timer = setTimeout(() => post(host), wait);
  };

  return {
    seed(host) {
      if (watched) latest = storageOf(watched);
      for (const scope of STORAGE_SCOPES) {
        const map = host.storage[scope];
        map.clear();
        for (const [key, value] of Object.entries(latest[scope])) map.set(key, value);
      }
    },
    watch(host) {
      watched = host;
      const unsubscribe = host.subscribe(() => changed(host));
      return () => {
        unsubscribe();
        if (watched !== host) return;
        post(host);
        watched = null;
      };
    },
    flush() {
      if (watched) post(watched);
    },
  };
}

/** Reads the storage the dev server keeps for the card (`base`: a canvas card's routes); empty, with the problem, when it cannot. */
export async function loadStorage(token: string, base = '', fetcher: typeof fetch = fetch): Promise<StoredAtStart> {
  try {
    const response = await fetcher(`${base}/__dev/storage?token=${encodeURIComponent(token)}`, { cache: 'no-store' });
    if (!response.ok) throw new Error(`the dev server answered ${response.status}`);
    const answer = (await response.json()) as StorageAnswer;
    return { storage: { instance: answer.instance, package: answer.package }, problems: answer.findings };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      storage: emptyStorage(),
      problems: [`the card's kept storage could not be read (${reason}); it starts empty`],
    };
  }
}

/** Posts the storage to the dev server, which writes it to the card folder; rejects with the server's reason. */
export async function saveStorage(
  storage: KeptStorage,
  token: string,
  base = '',
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const body = JSON.stringify(storage);
  const response = await fetcher(`${base}/__dev/storage?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    // Small enough for the browser to finish it after the page is gone (closed, reloaded).
    keepalive: body.length < 60_000,
  }).catch((error: unknown) => {
    throw new Error(`the dev server cannot be reached (${String(error)})`);
  });
  if (!response.ok) throw new Error(`the card's storage was not kept: ${(await response.text()).trim()}`);
}
