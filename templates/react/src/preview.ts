/**
 * The preview: when the page is opened on its own (npm run preview), the card runs on the SDK's mock host.
 * URL states: ?state=filled (default) | empty | loading | error | denied, ?lang=en|ru|zh, ?theme=dark (default) | light,
 * ?live=0 to freeze the simulation.
 */
import {
  CardSdkError,
  DEFAULT_THEME,
  LIGHT_THEME,
  type AgentStatus,
  type Card,
  type CardLanguage,
  type CardManifest,
} from '@neurosquad/card-sdk';
import { createMockHost, type MockHost } from '@neurosquad/card-sdk/testing';
import manifest from '../neurosquad-card.json';
import { notePeer, sampleAgents } from './fixtures';

let host: MockHost | null = null;

/** Builds the mock host for the URL's state and connects the card to it. */
export function previewCard(search: string = location.search): Promise<Card> {
  const params = new URLSearchParams(search);
  const language = (params.get('lang') ?? 'en') as CardLanguage;
  const state = params.get('state') ?? 'filled';
  const empty = state === 'empty';
  host = createMockHost({
    manifest: manifest as CardManifest,
    agents: empty ? [] : sampleAgents(),
    peers: empty ? [] : [notePeer],
    context: {
      i18n: { language, locale: { en: 'en-US', ru: 'ru-RU', zh: 'zh-CN' }[language] },
      theme: params.get('theme') === 'light' ? LIGHT_THEME : DEFAULT_THEME,
    },
  });
  // The card's loading and error looks: the agent list never answers, fails, or is refused.
  if (state === 'loading') host.handle('agents.list', () => new Promise<never>(() => {}));
  if (state === 'error') {
    host.handle('agents.list', () => {
      throw new Error('the agent list is unavailable (?state=error)');
    });
  }
  if (state === 'denied') {
    host.handle('agents.list', () => {
      throw new CardSdkError('PERMISSION_DENIED', 'agents.read was not granted (?state=denied)');
    });
  }
  (window as unknown as { mockHost: MockHost }).mockHost = host;
  return host.connect();
}

/** The status each agent moves on to in the simulation. */
const NEXT: Record<AgentStatus, AgentStatus> = {
  working: 'needs-input',
  'needs-input': 'working',
  finished: 'idle',
  idle: 'working',
  exited: 'idle',
};

/** Plays a small simulation (every 4 s one agent moves on) unless ?live=0; returns the function that stops it. */
export function simulate(search: string = location.search): () => void {
  const running = host;
  if (running === null || new URLSearchParams(search).get('live') === '0') return () => {};
  let step = 0;
  const timer = setInterval(() => {
    // By id, so the simulation walks through every connected agent whatever their order on screen.
    const agents = running.agents.filter((agent) => agent.connected).sort((a, b) => a.id.localeCompare(b.id));
    const agent = agents[step % Math.max(agents.length, 1)];
    if (agent) running.setAgentStatus(agent.id, NEXT[agent.status]);
    step += 1;
  }, 4000);
  return () => clearInterval(timer);
}
