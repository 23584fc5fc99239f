import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createMockHost } from '@neurosquad/card-sdk/testing';
import { pauseWhileHidden } from '../src/view.js';

const manifest = JSON.parse(readFileSync(new URL('../neurosquad-card.json', import.meta.url), 'utf8'));

// Waits until the host and the card have exchanged what `condition` needs: it counts turns of the event loop, not
// milliseconds, so a busy machine makes it slower but never fails it (gives up after 10,000 turns).
async function until(condition) {
  for (let turn = 0; !condition(); turn += 1) {
    if (turn === 10_000) throw new Error(`still waiting for ${condition}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('marks the root data-paused while the card is hidden or an overview tile, so its animations stop', async () => {
  const host = createMockHost({ manifest });
  const card = await host.connect();
  const attributes = new Set();
  const root = { toggleAttribute: (name, on) => (on ? attributes.add(name) : attributes.delete(name)) };
  const stop = pauseWhileHidden(card, root);
  assert.equal(attributes.has('data-paused'), false);
  host.setVisibility('hidden');
  await until(() => attributes.has('data-paused'));
  host.setVisibility('overview');
  await until(() => attributes.has('data-paused'));
  host.setVisibility('visible');
  await until(() => !attributes.has('data-paused'));
  stop();
  host.setVisibility('hidden');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(attributes.has('data-paused'), false);
  host.close();
});
