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
} from './protocol.js';
import type { CardHostSession } from '../index.js';
import { hostSnapshot } from './snapshot.js';

/** Runs one panel command on the host and describes the outcome. */
async function runCommand(host: MockHost, command: HostCommand, reload: () => Promise<void>): Promise<string> {
  switch (command.type) {
    case 'setAgentStatus':
      host.setAgentStatus(command.agentId, command.status);
      return `${command.agentId} is ${command.status}`;
    case 'sendPortMessage':
      host.sendPortMessage(command.input, command.data);
      return `sent to ${command.input}`;
    case 'callTool': {
      const result = await host.callTool(command.name, command.args);
      return `${command.name} answered ${JSON.stringify(result)}`;
    }
    case 'suspend':
      host.suspend(command.graceMs);
      return 'lifecycle.suspend sent';
    case 'reload':
      await reload();
      return 'card reloaded';
  }
}

/** Connects a story's host to the Host panel until the returned function is called (the decorator's `attach`). */
export function bridgeHostToPanel({ host, status, reload, subscribe }: CardHostSession): () => void {
  if (!addons.hasChannel()) return () => {};
  const channel = addons.getChannel();
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
    const report = (ok: boolean, text: string) => {
      const result: HostCommandResult = { storyId, command: command.type, ok, text };
      channel.emit(HOST_COMMAND_RESULT_EVENT, result);
      send(false);
    };
    runCommand(host, command, reload).then(
      (text) => report(true, text),
      (error: unknown) => report(false, error instanceof Error ? error.message : String(error)),
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
