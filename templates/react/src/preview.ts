/**
 * The preview: when the page is opened on its own (npm run dev), the card runs on the SDK's mock host.
 * URL states: ?state=filled (default) | empty | loading | error, ?lang=en|ru|zh, ?live=0 to freeze the simulation.
 */
import type { AgentStatus, Card, CardLanguage, CardManifest } from '@neurosquad/card-sdk';
import { createMockHost, type MockHost } from '@neurosquad/card-sdk/testing';
import manifest from '../neurosquad-card.json';
import { notePeer, sampleAgents } from './fixtures';

const params = new URLSearchParams(location.search);
let host: MockHost | null = null;

/** Builds the mock host for the URL's state and connects the card to it. */
export function previewCard(): Promise<Card> {
  const language = (params.get('lang') ?? 'en') as CardLanguage;
  const state = params.get('state') ?? 'filled';
  const empty = state === 'empty';
  host = createMockHost({
    manifest: manifest as CardManifest,
    agents: empty ? [] : sampleAgents(),
    peers: empty ? [] : [notePeer],
    context: { i18n: { language, locale: { en: 'en-US', ru: 'ru-RU', zh: 'zh-CN' }[language] } },
  });
  // The card's loading and error looks: the agent list never answers, or fails.
  if (state === 'loading') host.handle('agents.list', () => new Promise<never>(() => {}));
  if (state === 'error') {
    host.handle('agents.list', () => {
      throw new Error('the agent list is unavailable (?state=error)');
    });
  }
  (window as unknown as { mockHost: MockHost }).mockHost = host;
  return host.connect();
}

const cycle: AgentStatus[] = ['working', 'needs-input', 'working', 'finished', 'idle'];

/** Plays a small simulation: connected agents change status every few seconds (unless ?live=0). */
export function afterStart(): void {
  if (host === null || params.get('live') === '0') return;
  const running = host;
  let step = 0;
  setInterval(() => {
    const agents = sampleAgents().filter((agent) => agent.connected);
    const agent = agents[step % agents.length];
    if (agent) running.setAgentStatus(agent.id, cycle[step % cycle.length] as AgentStatus);
    step += 1;
  }, 4000);
}
