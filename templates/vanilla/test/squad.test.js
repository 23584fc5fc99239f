import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { afterEach, test } from 'node:test';
import { createMockHost } from '@neurosquad/card-sdk/testing';
import { notePeer, sampleAgents } from '../src/fixtures.js';
import { createSquad } from '../src/squad.js';

const manifest = JSON.parse(readFileSync(new URL('../neurosquad-card.json', import.meta.url), 'utf8'));
const running = [];

// Waits until the host and the card have exchanged what `condition` needs: it counts turns of the event loop, not
// milliseconds, so a busy machine makes it slower but never fails it (gives up after 10,000 turns).
async function until(condition) {
  for (let turn = 0; !condition(); turn += 1) {
    if (turn === 10_000) throw new Error(`still waiting for ${condition}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function startSquad(peers = [notePeer]) {
  const host = createMockHost({ manifest, agents: sampleAgents(), peers });
  const card = await host.connect();
  const squad = createSquad(card);
  running.push({ host, squad });
  await squad.start();
  return { host, squad };
}

afterEach(() => {
  for (const { host, squad } of running.splice(0)) {
    squad.dispose();
    host.close();
  }
});

test('lists only the connected agents, the ones that need the user first', async () => {
  const { squad } = await startSquad();
  assert.deepEqual(
    squad.getSnapshot().agents.map((agent) => agent.name),
    ['Codex', 'Claude Code', 'OpenCode'],
  );
  assert.equal(squad.getSnapshot().phase, 'ready');
});

test('follows live status changes and badges the agents that wait', async () => {
  const { host, squad } = await startSquad();
  await until(() => host.subscriptions.has('agents.status'));
  host.setAgentStatus('agent-1', 'needs-input');
  await until(() => squad.getSnapshot().counts['needs-input'] === 2);
  assert.deepEqual(
    squad.getSnapshot().agents.map((agent) => agent.name),
    ['Claude Code', 'Codex', 'OpenCode'],
  );
  await until(() => host.chrome.badge?.count === 2);
});

test('sends the summary to the connected note', async () => {
  const { host, squad } = await startSquad();
  assert.equal(squad.getSnapshot().canSend, true);
  await squad.sendSummary();
  assert.equal(host.deliveries.length, 1);
  assert.equal(host.deliveries[0].to, 'note-1');
  assert.match(String(host.deliveries[0].data), /- \*\*Codex\*\*: needs input/);
  assert.equal(squad.getSnapshot().delivered, 1);
});

test('cannot send without a note', async () => {
  const { squad } = await startSquad([]);
  assert.equal(squad.getSnapshot().canSend, false);
});

test('answers agents through the squad_summary tool', async () => {
  const { host, squad } = await startSquad();
  const result = await host.callTool('squad_summary', {});
  assert.equal(result.content[0].text, squad.summary());
  assert.match(squad.summary(), /^## Squad status\n\n- \*\*Codex\*\*: needs input\n/);
});

test('speaks the app language: texts, plurals and the summary follow it', async () => {
  const { host, squad } = await startSquad();
  assert.equal(squad.t('waiting', { count: 1 }), '1 needs you');
  host.setLanguage('ru');
  await until(() => squad.t.language === 'ru');
  assert.equal(squad.t('waiting', { count: 1 }), '1 ждёт вас');
  assert.match(squad.summary(), /^## Статус команды\n\n- \*\*Codex\*\*: ждёт ввода\n/);
});

test('names the real error when the agent list fails', async () => {
  const host = createMockHost({ manifest, agents: sampleAgents(), peers: [notePeer] });
  host.handle('agents.list', () => {
    throw new Error('the agent index is rebuilding');
  });
  const squad = createSquad(await host.connect());
  running.push({ host, squad });
  await squad.start();
  assert.equal(squad.getSnapshot().phase, 'error');
  assert.equal(squad.getSnapshot().error, 'the agent index is rebuilding');
});
