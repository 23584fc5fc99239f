import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createMockHost } from '@neurosquad/card-sdk/testing';
import { pauseWhileHidden } from '../src/view.js';

const manifest = JSON.parse(readFileSync(new URL('../neurosquad-card.json', import.meta.url), 'utf8'));

// Waits until the card has seen what `condition` needs (gives up after 2 s).
async function until(condition) {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
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
