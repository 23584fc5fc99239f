import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMockHost, type MockHost } from '../../src/testing/index.js';
import { README_MANIFEST, sampleAgents, settle } from '../../src/testing/fixtures.js';
import { ControlPanel } from '../../dev-host/panel/ControlPanel.js';
import { bridgeHostToChannel } from './bridge.js';
import {
  HOST_COMMAND_EVENT,
  HOST_COMMAND_RESULT_EVENT,
  HOST_SNAPSHOT_EVENT,
  type HostCommand,
  type HostCommandResult,
  type HostSnapshot,
} from './protocol.js';
import { createRemoteHost, type RemoteHost } from './remote-host.js';
import { SNAPSHOT_RECORD_LIMIT } from './snapshot.js';

/** Storybook's channel between the preview and the manager, in memory. */
function memoryChannel() {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  return {
    emit(event: string, data: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(data);
    },
    on(event: string, listener: (data: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    off(event: string, listener: (data: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
  };
}

/** A story's host bridged to a Host panel's copy of it, as the preview and the manager do. */
async function bridged(storyId = 'story--one') {
  const host: MockHost = createMockHost({ manifest: README_MANIFEST, agents: sampleAgents() });
  const card = await host.connect();
  const channel = memoryChannel();
  const reload = vi.fn(async () => {});
  const failures: string[] = [];
  let remote: RemoteHost | null = null;
  channel.on(HOST_SNAPSHOT_EVENT, (data) => {
    const snapshot = data as HostSnapshot;
    if (remote) remote.update(snapshot.host);
    else
      remote = createRemoteHost(snapshot.host, {
        send: (command) => channel.emit(HOST_COMMAND_EVENT, { storyId, command }),
        onFailure: (driver, message) => failures.push(`${driver}: ${message}`),
      });
  });
  channel.on(HOST_COMMAND_RESULT_EVENT, (result) => remote?.settle(result as HostCommandResult));
  const detach = bridgeHostToChannel(channel, {
    host,
    status: () => ({ storyId, frame: 1, connected: true, error: null, confirms: [] }),
    reload,
    subscribe: (listener) => host.subscribe(listener),
  });
  const copy = () => {
    if (!remote) throw new Error('no snapshot reached the panel');
    return remote;
  };
  return { host, card, channel, reload, failures, copy, detach };
}

describe("Storybook's Host panel: the control panel over a copy of the story's host", () => {
  it('reads what the host holds, and follows it as it changes', async () => {
    const { card, copy } = await bridged();
    expect(copy().host.manifest.tools.map((tool) => tool.name)).toEqual(['run_tests']);
    expect(copy().host.agents.map((agent) => agent.id)).toEqual(sampleAgents().map((agent) => agent.id));
    await card.storage.set('note', 'hi');
    await settle();
    expect(copy().host.storage.instance.get('note')).toBe('hi');
    expect(copy().host.calls.at(-1)).toMatchObject({ method: 'storage.set' });
  });

  it("runs a driver on the story's host and answers with its result", async () => {
    const { host, card, copy } = await bridged();
    card.tools.handle('run_tests', () => 'all green');
    await expect(copy().host.callTool('run_tests', {})).resolves.toEqual({
      content: [{ type: 'text', text: 'all green' }],
    });
    const [first] = sampleAgents();
    copy().host.setAgentStatus(first.id, 'finished');
    await settle();
    expect(host.agents.find((agent) => agent.id === first.id)?.status).toBe('finished');
    await settle();
    expect(copy().host.agents.find((agent) => agent.id === first.id)?.status).toBe('finished');
  });

  it("rejects with the host's message when a driver fails, and tells the panel", async () => {
    const { copy, failures } = await bridged();
    await expect(copy().host.callTool('no_such_tool', {})).rejects.toThrow(/no_such_tool/);
    expect(failures).toEqual([expect.stringMatching(/^callTool: .*no_such_tool/)]);
  });

  it('refuses any method that is not one of the panel drivers', async () => {
    const { host, channel } = await bridged();
    const results: HostCommandResult[] = [];
    channel.on(HOST_COMMAND_RESULT_EVENT, (result) => results.push(result as HostCommandResult));
    const close = vi.spyOn(host, 'close');
    const command = { type: 'drive', id: 99, driver: 'close', args: [] } as unknown as HostCommand;
    channel.emit(HOST_COMMAND_EVENT, { storyId: 'story--one', command });
    await settle();
    expect(close).not.toHaveBeenCalled();
    expect(results).toEqual([
      { storyId: 'story--one', id: 99, ok: false, error: '"close" is not a driver of the panel' },
    ]);
  });

  it("ignores commands for another story, and reloads the story's card", async () => {
    const { host, channel, reload, copy } = await bridged();
    channel.emit(HOST_COMMAND_EVENT, {
      storyId: 'story--two',
      command: { type: 'drive', id: 5, driver: 'setLanguage', args: ['ru'] },
    });
    await settle();
    expect(host.context.i18n.language).toBe('en');
    await copy().reload();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('carries the newest entries of a long record with its total, and the panel shows the total', async () => {
    const { host, card, copy } = await bridged();
    for (let index = 0; index < SNAPSHOT_RECORD_LIMIT + 50; index += 1) host.emit('dev.tick', { index });
    await settle();
    const total = host.events.length;
    expect(total).toBeGreaterThan(SNAPSHOT_RECORD_LIMIT);
    expect(copy().host.events).toHaveLength(SNAPSHOT_RECORD_LIMIT);
    expect(copy().host.events.at(-1)).toEqual({ event: 'dev.tick', data: { index: SNAPSHOT_RECORD_LIMIT + 49 } });
    expect(copy().host.totals?.events).toBe(total);

    await card.storage.set('note', 'kept');
    await settle();
    render(<ControlPanel host={copy().host} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Records' }));
    const record = screen.getByRole('combobox', { name: 'Record' });
    expect(within(record).getByRole('option', { name: `Events (${total})` })).toBeTruthy();
    fireEvent.change(record, { target: { value: 'Storage' } });
    expect(within(screen.getByRole('region', { name: 'Storage' })).getByText('instance note = "kept"')).toBeTruthy();
  });

  it('drives the host from the Agents tab of the same panel the dev page shows', async () => {
    const { host, copy } = await bridged();
    const { rerender } = render(<ControlPanel host={copy().host} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Agents' }));
    const [first] = sampleAgents();
    fireEvent.change(screen.getByRole('combobox', { name: `Status of ${first.name}` }), {
      target: { value: 'needs-input' },
    });
    await settle();
    expect(host.agents.find((agent) => agent.id === first.id)?.status).toBe('needs-input');
    rerender(<ControlPanel host={copy().host} />);
    expect(screen.getByRole('combobox', { name: `Status of ${first.name}` })).toHaveProperty('value', 'needs-input');
  });
});
