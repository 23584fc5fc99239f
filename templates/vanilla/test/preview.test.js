import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { afterEach, mock, test } from 'node:test';

// The preview runs in the page; here it gets the page's globals it reads (fetch for the manifest, window).
const manifest = readFileSync(new URL('../neurosquad-card.json', import.meta.url), 'utf8');
globalThis.window = globalThis;
const { afterStart, previewCard } = await import('../src/preview.js');

afterEach(() => {
  mock.timers.reset();
  mock.restoreAll();
  window.mockHost?.close();
});

async function preview(search) {
  mock.method(globalThis, 'fetch', async () => new Response(manifest));
  const card = await previewCard(search);
  return { card, host: window.mockHost };
}

test('?theme=light and ?lang=ru start the card on the light theme in Russian; dark is the default', async () => {
  const light = await preview('?theme=light&lang=ru');
  assert.equal(light.card.context.theme.scheme, 'light');
  assert.equal(light.card.context.i18n.language, 'ru');
  light.card.close();
  const dark = await preview('');
  assert.equal(dark.card.context.theme.scheme, 'dark');
  assert.equal(dark.card.context.i18n.language, 'en');
  dark.card.close();
});

test('the simulation moves one agent on every 4 s, and stopping it clears its timer', async () => {
  const { card, host } = await preview('');
  mock.timers.enable({ apis: ['setInterval'] });
  const stop = afterStart('');
  const statusOf = (id) => host.agents.find((agent) => agent.id === id)?.status;
  mock.timers.tick(3999);
  assert.equal(statusOf('agent-1'), 'working');
  mock.timers.tick(1);
  assert.equal(statusOf('agent-1'), 'needs-input');
  stop();
  mock.timers.tick(8000);
  assert.equal(statusOf('agent-2'), 'needs-input');
  card.close();
});

test('?live=0 plays nothing', async () => {
  const { card, host } = await preview('?live=0');
  mock.timers.enable({ apis: ['setInterval'] });
  afterStart('?live=0');
  mock.timers.tick(8000);
  assert.equal(host.agents.find((agent) => agent.id === 'agent-1')?.status, 'working');
  card.close();
});
