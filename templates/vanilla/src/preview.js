/**
 * The preview: when the page is opened on its own (npm run dev), the card runs on the SDK's mock host.
 * URL states: ?state=filled (default) | empty, ?live=0 to freeze the simulation.
 */
import { createMockHost } from '../vendor/card-sdk/testing/index.js';
import { notePeer, sampleAgents } from './fixtures.js';

const params = new URLSearchParams(location.search);
let host = null;

/** Builds the mock host for the URL's state and connects the card to it. */
export async function previewCard() {
  const manifest = await (await fetch(new URL('../neurosquad-card.json', import.meta.url))).json();
  const empty = params.get('state') === 'empty';
  host = createMockHost({ manifest, agents: empty ? [] : sampleAgents(), peers: empty ? [] : [notePeer] });
  window.mockHost = host;
  return host.connect();
}

const cycle = ['working', 'needs-input', 'working', 'finished', 'idle'];

/** Plays a small simulation: connected agents change status every few seconds (unless ?live=0). */
export function afterStart() {
  if (host === null || params.get('live') === '0') return;
  const agents = sampleAgents().filter((agent) => agent.connected);
  let step = 0;
  setInterval(() => {
    host.setAgentStatus(agents[step % agents.length].id, cycle[step % cycle.length]);
    step += 1;
  }, 4000);
}
