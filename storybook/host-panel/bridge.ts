// Preview side of the Host panel: sends the story's host records over the channel and runs the panel's drivers.
import { addons } from 'storybook/preview-api';
import type { MockHost } from '../../src/testing/index.js';
import {
  HOST_COMMAND_EVENT,
  HOST_COMMAND_RESULT_EVENT,
  HOST_SNAPSHOT_EVENT,
  HOST_SNAPSHOT_REQUEST_EVENT,
  type HostCommand,
  type HostCommandResult,
  type JsonValue,
} from './protocol.js';
import { isPanelHostDriver, type PanelHostDriver } from '../../dev-host/host/panel-host.js';
import type { CardHostSession } from '../index.js';
import { hostSnapshot, toJson } from './snapshot.js';

/** Runs one panel command on the host: a driver of the control panel (no other method), or a reload. */
async function runCommand(host: MockHost, command: HostCommand, reload: () => Promise<void>): Promise<JsonValue> {
  if (command.type === 'reload') {
    await reload();
    return null;
  }
  if (!isPanelHostDriver(command.driver)) throw new Error(`"${String(command.driver)}" is not a driver of the panel`);
  if (!Array.isArray(command.args)) throw new Error(`the arguments of ${command.driver} are not a list`);
  // Called as a method of the host; the driver checks its own arguments as it does for a test.
  const drivers = host as unknown as Record<PanelHostDriver, (...args: unknown[]) => unknown>;
  return toJson(await drivers[command.driver](...command.args));
}

/** The part of Storybook's channel the bridge uses. */
export type PanelChannel = Pick<ReturnType<typeof addons.getChannel>, 'emit' | 'on' | 'off'>;

/** Connects a story's host to the Host panel until the returned function is called (the decorator's `attach`). */
export function bridgeHostToPanel(session: CardHostSession): () => void {
  return addons.hasChannel() ? bridgeHostToChannel(addons.getChannel(), session) : () => {};
}

/** Sends the host's snapshots over `channel` and runs the commands that come back for its story. */
export function bridgeHostToChannel(
  channel: PanelChannel,
  { host, status, reload, subscribe }: CardHostSession,
): () => void {
  let last = '';
  const send = (force: boolean) => {
    const snapshot = hostSnapshot(host, status());
    const text = JSON.stringify(snapshot);
    if (!force && text === last) return;
    last = text;
    channel.emit(HOST_SNAPSHOT_EVENT, snapshot);
  };
  const onRequest = ({ storyId }: { storyId: string }) => {
    if (storyId === status().storyId) send(true);
  };
  const onCommand = ({ storyId, command }: { storyId: string; command: HostCommand }) => {
    if (storyId !== status().storyId) return;
    const report = (result: HostCommandResult) => {
      channel.emit(HOST_COMMAND_RESULT_EVENT, result);
      send(false);
    };
    runCommand(host, command, reload).then(
      (value) => report({ storyId, id: command.id, ok: true, value }),
      (error: unknown) =>
        report({ storyId, id: command.id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  channel.on(HOST_SNAPSHOT_REQUEST_EVENT, onRequest);
  channel.on(HOST_COMMAND_EVENT, onCommand);
  send(true);
  // The host's change feed (batched per microtask): a snapshot goes out only when something the panel shows changed.
  const unsubscribe = subscribe(() => send(false));
  return () => {
    unsubscribe();
    channel.off(HOST_SNAPSHOT_REQUEST_EVENT, onRequest);
    channel.off(HOST_COMMAND_EVENT, onCommand);
  };
}
