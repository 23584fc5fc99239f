// The card's logic around a connected `card`, without the DOM: the page renders its snapshots, tests drive it.
import {
  createTranslator,
  hasDownstreamPeer,
  isCardSdkError,
  permissionForPeer,
  requestPermissions,
} from '../vendor/card-sdk/client.js';
import { catalog } from './i18n.js';
import { countByStatus, sortAgents, summarize } from './model.js';
/** @import { AgentInfo, AgentStatus, Card } from '../vendor/card-sdk/index.js' */

/**
 * What the view draws: replaced, never mutated, on every change.
 * @typedef {object} Snapshot
 * @property {'loading' | 'ready' | 'empty' | 'error'} phase
 * @property {AgentInfo[]} agents The connected agents, the ones that need the user first.
 * @property {Partial<Record<AgentStatus, number>>} counts
 * @property {boolean} canSend Whether a note is connected downstream.
 * @property {number | null} delivered How many cards took the last summary.
 * @property {string | null} error
 */

/**
 * The host's own words for anything thrown (a CardSdkError's `hostMessage` has no method, code or hint around it).
 * @param {unknown} error
 */
const messageOf = (error) =>
  isCardSdkError(error) ? error.hostMessage : error instanceof Error ? error.message : String(error);

/**
 * Watches the connected agents, keeps the card's badge current, answers the tool and sends summaries.
 * @param {Card} card
 */
export function createSquad(card) {
  /** @type {Snapshot} */
  let snapshot = { phase: 'loading', agents: [], counts: {}, canSend: false, delivered: null, error: null };
  /** @type {Set<(snapshot: Snapshot) => void>} */
  const listeners = new Set();
  /** @type {Array<() => void>} */
  const offs = [];
  let disposed = false;
  // Follows the app's language; `t('waiting', { count })` picks the plural form for it.
  const t = createTranslator(catalog, card);
  const summary = () =>
    summarize(snapshot.agents, {
      heading: t('summary.heading'),
      none: t('summary.none'),
      status: (status) => t(`status.${status}`),
    });

  /** @param {Partial<Snapshot>} patch */
  const set = (patch) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener(snapshot);
  };
  /** @param {readonly AgentInfo[]} agents */
  const connectedOnly = (agents) => sortAgents(agents.filter((agent) => agent.connected));
  /** @param {AgentInfo[]} agents */
  const showAgents = (agents) => {
    const counts = countByStatus(agents);
    set({ phase: agents.length === 0 ? 'empty' : 'ready', agents, counts });
    card.setBadge(counts['needs-input'] ? counts['needs-input'] : null).catch((error) => {
      // A call still in flight when the card is disposed (or the host closes) is not worth a warning.
      if (!disposed) console.warn('[squad] the frame did not take the badge:', error);
    });
  };
  const peersChanged = () => set({ canSend: hasDownstreamPeer(card.ports.peers, 'ns:markdown') });

  return {
    /** The card's texts in the app's language. */
    t,
    /** The Markdown summary of the connected agents, in the app's language. */
    summary,
    /** The current state; replaced (never mutated) on every change. */
    getSnapshot: () => snapshot,
    /**
     * Calls `listener` with every new snapshot; returns an unsubscribe function.
     * @param {(snapshot: Snapshot) => void} listener
     */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the agents and starts following their status. */
    async start() {
      offs.push(card.tools.handle('squad_summary', summary));
      offs.push(card.ports.onPeersChanged(peersChanged));
      // A new language redraws the view (the snapshot is new, its texts come from `t`).
      offs.push(t.onChange(() => set({})));
      peersChanged();
      try {
        showAgents(connectedOnly(await card.agents.list()));
      } catch (error) {
        set({ phase: 'error', error: messageOf(error) });
        return;
      }
      offs.push(
        card.agents.onStatus(({ agentId, status }) => {
          showAgents(sortAgents(snapshot.agents.map((agent) => (agent.id === agentId ? { ...agent, status } : agent))));
        }),
      );
      offs.push(card.agents.onChanged((agents) => showAgents(connectedOnly(agents))));
    },
    /** Sends the summary to every connected note (asking for cards.connected first, which never throws). */
    async sendSummary() {
      const needed = card.ports.peers.map((peer) => permissionForPeer(peer, { outputType: 'ns:markdown' }));
      await requestPermissions(card, ...needed.filter((id) => id !== null));
      try {
        set({ delivered: await card.ports.emit('summary', summary()), error: null });
      } catch (error) {
        set({ error: messageOf(error) });
      }
    },
    /** Stops listening. */
    dispose() {
      disposed = true;
      for (const off of offs.splice(0)) off();
      t.dispose();
      listeners.clear();
    },
  };
}
