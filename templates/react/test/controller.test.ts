import { afterEach, describe, expect, it } from 'vitest';
import { CardSdkError, type CardManifest } from '@neurosquad/card-sdk';
import { createMockHost, type MockHost, type MockHostOptions } from '@neurosquad/card-sdk/testing';
import manifest from '../neurosquad-card.json';
import { SquadController } from '../src/controller';
import { notePeer, sampleAgents } from '../src/fixtures';

const running: { host: MockHost; controller: SquadController }[] = [];

/** Lets the MessagePort traffic between the card and the mock host flush. */
async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

async function setup(options: MockHostOptions = {}) {
  const host = createMockHost({
    manifest: manifest as CardManifest,
    agents: sampleAgents(),
    peers: [notePeer],
    ...options,
  });
  const card = await host.connect();
  const controller = new SquadController(card);
  running.push({ host, controller });
  await controller.start();
  await settle();
  return { host, card, controller };
}

afterEach(() => {
  for (const { host, controller } of running.splice(0)) {
    controller.dispose();
    host.close();
  }
});

describe('SquadController on the mock host', () => {
  it('lists only the connected agents, the ones that need the user first', async () => {
    const { controller } = await setup();
    expect(controller.getSnapshot().phase).toBe('ready');
    expect(controller.getSnapshot().agents.map((agent) => agent.name)).toEqual(['Codex', 'Claude Code', 'OpenCode']);
  });

  it('follows live status changes on the card and its frame (badge, status)', async () => {
    const { host, controller } = await setup();
    expect(host.chrome.badge).toMatchObject({ count: 1 });
    expect(host.chrome.status).toMatchObject({ text: '1 working', busy: true });
    host.setAgentStatus('agent-3', 'working');
    host.setAgentStatus('agent-2', 'idle');
    await settle();
    expect(controller.getSnapshot().counts).toEqual({ working: 2, idle: 1 });
    expect(host.chrome.badge).toMatchObject({ count: null });
    expect(host.chrome.status).toMatchObject({ text: '2 working', busy: true });
  });

  it('starts in the loading phase and stays there while the list does not answer', async () => {
    const host = createMockHost({ manifest: manifest as CardManifest, agents: sampleAgents() });
    host.handle('agents.list', () => new Promise<never>(() => {}));
    const controller = new SquadController(await host.connect());
    running.push({ host, controller });
    void controller.start();
    await settle();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'loading', agents: [], error: null });
  });

  it('names the real error when the list fails, and loads again on retry', async () => {
    const { host, controller } = await setup();
    let fail = true;
    host.handle('agents.list', () => {
      if (fail) throw new Error('the agent index is rebuilding');
      return sampleAgents();
    });
    await controller.load();
    expect(controller.getSnapshot()).toMatchObject({
      phase: 'error',
      error: { code: 'INTERNAL', message: 'the agent index is rebuilding' },
    });
    fail = false;
    await controller.load();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'ready', error: null });
  });

  it('keeps the code of a refusal, so the view can say a permission is missing', async () => {
    const { host, controller } = await setup();
    host.handle('agents.list', () => {
      throw new CardSdkError('PERMISSION_DENIED', 'agents.read was not granted');
    });
    await controller.load();
    expect(controller.getSnapshot().error).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'agents.read was not granted',
    });
  });

  it('is empty when no agent is connected', async () => {
    const { controller } = await setup({ agents: [] });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'empty', agents: [] });
  });

  it('sends the summary to the connected note, asking for cards.connected first', async () => {
    const asked: string[][] = [];
    const { host, controller } = await setup({ requestPermissions: (ids) => (asked.push(ids), ids) });
    expect(controller.getSnapshot().canSend).toBe(true);
    await controller.sendSummary();
    expect(asked).toEqual([['cards.connected']]);
    expect(host.deliveries).toEqual([
      { to: 'note-1', output: 'summary', input: 'append', data: expect.stringContaining('- **Codex**: needs input') },
    ]);
    expect(controller.getSnapshot()).toMatchObject({ sending: false, delivered: 1, sendError: null });
  });

  it('reports a refused send with the host message and clears it on the next send', async () => {
    const { host, controller } = await setup();
    let fail = true;
    host.handle('ports.emit', () => {
      if (fail) throw new Error('the note is read-only');
      return { delivered: 1 };
    });
    await controller.sendSummary();
    expect(controller.getSnapshot()).toMatchObject({
      sending: false,
      delivered: null,
      sendError: { code: 'INTERNAL', message: 'the note is read-only' },
    });
    fail = false;
    await controller.sendSummary();
    expect(controller.getSnapshot()).toMatchObject({ sending: false, delivered: 1, sendError: null });
  });

  it('cannot send without a note, and can once one is connected', async () => {
    const { host, controller } = await setup({ peers: [] });
    expect(controller.getSnapshot().canSend).toBe(false);
    host.setPeers([notePeer]);
    await settle();
    expect(controller.getSnapshot().canSend).toBe(true);
  });

  it('answers agents through the squad_summary tool', async () => {
    const { host, controller } = await setup();
    const result = await host.callTool('squad_summary', {});
    expect(result.content).toEqual([{ type: 'text', text: controller.summary() }]);
    expect(controller.summary()).toContain('- **Claude Code**: working');
  });

  it('follows the app language in the frame status and the summary', async () => {
    const { host, controller } = await setup();
    host.setLanguage('ru');
    await settle();
    expect(host.chrome.status).toMatchObject({ text: '1 работает' });
    expect(controller.summary()).toContain('## Статус команды');
  });

  it('stops listening once disposed', async () => {
    const { host, controller } = await setup();
    expect(host.subscriptions.has('agents.status')).toBe(true);
    const seen: unknown[] = [];
    controller.subscribe(() => seen.push(controller.getSnapshot()));
    controller.dispose();
    host.setAgentStatus('agent-1', 'idle');
    await settle();
    expect(seen).toEqual([]);
    expect(host.subscriptions.has('agents.status')).toBe(false);
  });
});
