// The control panel's host in Storybook's manager: a copy of the story's mock host, kept current from the
// preview's snapshots, whose drivers run on the real host over the channel and answer when the preview replies.
import type { MockHost } from '../../src/testing/index.js';
import {
  PANEL_HOST_DRIVERS,
  PANEL_HOST_FIELDS,
  type PanelHost,
  type PanelHostDriver,
} from '../../dev-host/host/panel-host.js';
import type { HostCommand, HostCommandResult, JsonValue, PanelHostData } from './protocol.js';
import { toJson } from './snapshot.js';

/** A copy of one story's host and what keeps it in step with the preview. */
export interface RemoteHost {
  /** The host the control panel draws and drives. */
  readonly host: PanelHost;
  /** Takes the data of a newer snapshot and tells the host's subscribers. */
  update(data: PanelHostData): void;
  /** Settles the driver or reload the preview answered. */
  settle(result: HostCommandResult): void;
  /** Asks the preview to reload the card; resolves when it has. */
  reload(): Promise<void>;
}

/** What the remote copy needs from the panel: a way to send a command, and where a failed driver is told. */
export interface RemoteHostOptions {
  send: (command: HostCommand) => void;
  /** A driver the preview refused or that threw (the panels that show a result show it there too). */
  onFailure?: (driver: PanelHostDriver | 'reload', message: string) => void;
}

/** A driver's arguments as JSON; trailing `undefined`s are left out, so optional parameters stay unset. */
function argumentsOf(args: readonly unknown[]): JsonValue[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end -= 1;
  return args.slice(0, end).map(toJson);
}

const storageMaps = (storage: PanelHostData['storage']): MockHost['storage'] => ({
  instance: new Map(storage.instance),
  package: new Map(storage.package),
});

/** Makes the copy from the first snapshot of a story's host. */
export function createRemoteHost(first: PanelHostData, { send, onFailure }: RemoteHostOptions): RemoteHost {
  let data = first;
  let storage = storageMaps(first.storage);
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: JsonValue) => void; reject: (error: Error) => void }>();
  const listeners = new Set<() => void>();

  const command = (make: (id: number) => HostCommand, name: PanelHostDriver | 'reload'): Promise<JsonValue> => {
    const id = nextId++;
    const answer = new Promise<JsonValue>((resolve, reject) => pending.set(id, { resolve, reject }));
    send(make(id));
    // A driver whose caller ignores its answer must not leave an unhandled rejection; the failure is told instead.
    answer.catch((error: unknown) => onFailure?.(name, error instanceof Error ? error.message : String(error)));
    return answer;
  };

  // Built field by field from the lists the dev page's panel is typed over, so the copy offers what it reads.
  const host: Record<string, unknown> = {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  Object.defineProperty(host, 'totals', { get: () => data.totals, enumerable: true });
  for (const field of PANEL_HOST_FIELDS) {
    const read = field === 'storage' ? () => storage : () => data.fields[field];
    Object.defineProperty(host, field, { get: read, enumerable: true });
  }
  for (const driver of PANEL_HOST_DRIVERS) {
    host[driver] = (...args: unknown[]) =>
      command((id) => ({ type: 'drive', id, driver, args: argumentsOf(args) }), driver);
  }

  return {
    // The copy has every field and driver of `PanelHost` (the loops above); its values are the JSON the preview sent.
    host: host as unknown as PanelHost,
    update(next) {
      data = next;
      storage = storageMaps(next.storage);
      for (const listener of [...listeners]) listener();
    },
    settle(result) {
      const waiting = pending.get(result.id);
      if (!waiting) return;
      pending.delete(result.id);
      if (result.ok) waiting.resolve(result.value);
      else waiting.reject(new Error(result.error));
    },
    reload: () => command((id) => ({ type: 'reload', id }), 'reload').then(() => undefined),
  };
}
