/**
 * The preview: when the page is opened on its own (npm run preview), the card runs on the SDK's mock host.
 * URL states: ?state=filled (default) | empty | loading | error, ?lang=en|ru|zh, ?theme=dark (default) | light,
 * ?live=0 to freeze the simulation.
 */
import { DEFAULT_THEME, LIGHT_THEME } from '../vendor/card-sdk/index.js';
import { createMockHost } from '../vendor/card-sdk/testing/index.js';
import { notePeer, sampleAgents } from './fixtures.js';
/** @import { AgentStatus, CardManifest } from '../vendor/card-sdk/index.js' */
/** @import { MockHost } from '../vendor/card-sdk/testing/index.js' */

/** @type {MockHost | null} */
let host = null;

/** Builds the mock host for the URL's state and connects the card to it. */
export async function previewCard(search = location.search) {
  const params = new URLSearchParams(search);
  const language = params.get('lang');
  const response = await fetch(new URL('../neurosquad-card.json', import.meta.url));
  /** @type {unknown} */
  const manifest = await response.json();
  const state = params.get('state') ?? 'filled';
  const empty = state === 'empty';
  host = createMockHost({
    manifest: /** @type {CardManifest} */ (manifest),
    agents: empty ? [] : sampleAgents(),
    peers: empty ? [] : [notePeer],
    context: {
      i18n: { language: language === 'ru' || language === 'zh' ? language : 'en' },
      theme: params.get('theme') === 'light' ? LIGHT_THEME : DEFAULT_THEME,
    },
  });
  // The card's loading and error looks: the agent list never answers, or fails.
  if (state === 'loading') host.handle('agents.list', () => new Promise(() => {}));
  if (state === 'error') {
    host.handle('agents.list', () => {
      throw new Error('the agent list is unavailable (?state=error)');
    });
  }
  window.mockHost = host;
  return host.connect();
}

/**
 * The status each agent moves on to in the simulation.
 * @type {Record<AgentStatus, AgentStatus>}
 */
const NEXT = { working: 'needs-input', 'needs-input': 'working', finished: 'idle', idle: 'working', exited: 'idle' };

/** Plays a small simulation (every 4 s one agent moves on) unless ?live=0; returns the function that stops it. */
export function afterStart(search = location.search) {
  if (host === null || new URLSearchParams(search).get('live') === '0') return () => {};
  const running = host;
  const ids = sampleAgents()
    .filter((agent) => agent.connected)
    .map((agent) => agent.id);
  let step = 0;
  const timer = setInterval(() => {
    const agent = running.agents.find((candidate) => candidate.id === ids[step % ids.length]);
    if (agent) running.setAgentStatus(agent.id, NEXT[agent.status]);
    step += 1;
  }, 4000);
  return () => clearInterval(timer);
}
