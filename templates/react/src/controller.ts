// The card's logic around a connected `card`, without React: App.tsx renders its snapshots, tests drive it directly.
import {
  createTranslator,
  hasDownstreamPeer,
  isCardSdkError,
  permissionForPeer,
  requestPermissions,
  type AgentInfo,
  type AgentStatus,
  type Card,
  type Translator,
} from '@neurosquad/card-sdk';
import { catalog } from './i18n';
import { countByStatus, sortAgents, summarize } from './model';

/** Where the card is: waiting for the agent list, unable to read it, nothing connected, or showing agents. */
export type SquadPhase = 'loading' | 'error' | 'empty' | 'ready';

/** Why something failed: the SDK's error code (null for other errors) and the host's own words. */
export interface SquadError {
  code: string | null;
  message: string;
}

/** Everything the view draws; replaced (never mutated) on every change. */
export interface SquadSnapshot {
  phase: SquadPhase;
  /** The agents connected to this card, the ones that need the user first. */
  agents: AgentInfo[];
  counts: Partial<Record<AgentStatus, number>>;
  /** Why the agent list could not be read (set in the `error` phase). */
  error: SquadError | null;
  /** Whether a card that takes Markdown (a note) is connected downstream. */
  canSend: boolean;
  /** Whether a summary is being sent. */
  sending: boolean;
  /** How many cards took the last summary (null before the first send). */
  delivered: number | null;
  /** Why the last send failed (cleared by the next one that works). */
  sendError: SquadError | null;
}

const INITIAL: SquadSnapshot = {
  phase: 'loading',
  agents: [],
  counts: {},
  error: null,
  canSend: false,
  sending: false,
  delivered: null,
  sendError: null,
};

/** The code and the host's message of anything thrown, for the view to show as it is. */
export function describeError(error: unknown): SquadError {
  if (isCardSdkError(error)) return { code: error.code, message: error.hostMessage };
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

/** Watches the connected agents, keeps the card's frame (badge, status) current, answers the tool, sends summaries. */
export class SquadController {
  readonly t: Translator;
  private snapshot: SquadSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly offs: (() => void)[] = [];
  private loads = 0;
  private running = false;

  constructor(private readonly card: Card) {
    this.t = createTranslator(catalog);
    this.followLanguage();
  }

  /** The current state (stable between changes, as `useSyncExternalStore` needs). */
  readonly getSnapshot = (): SquadSnapshot => this.snapshot;

  /** Calls `listener` after every change; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Registers the tool, follows peers, agent status and the app language, then loads the agents. */
  async start(): Promise<void> {
    this.running = true;
    this.followLanguage();
    this.offs.push(
      this.card.on('i18n.changed', ({ language, locale }) => this.t.setLanguage(language, locale)),
      this.card.tools.handle('squad_summary', () => this.summary()),
      this.card.ports.onPeersChanged(() => this.followPeers()),
      this.card.agents.onStatus(({ agentId, status }) => {
        const agents = this.snapshot.agents.map((agent) => (agent.id === agentId ? { ...agent, status } : agent));
        this.showAgents(agents);
      }),
      this.card.agents.onChanged((agents) => this.showAgents(agents.filter((agent) => agent.connected))),
      // The frame's status text is in the app's language: redraw it when that changes.
      this.t.onChange(() => this.drawChrome()),
    );
    this.followPeers();
    await this.load();
  }

  /** (Re)reads the agent list; a failure puts the card in the `error` phase with the host's message. */
  async load(): Promise<void> {
    const load = ++this.loads;
    this.set({ phase: 'loading', error: null });
    try {
      const agents = await this.card.agents.list();
      if (load === this.loads) this.showAgents(agents.filter((agent) => agent.connected));
    } catch (error) {
      if (load === this.loads) this.set({ phase: 'error', error: describeError(error) });
    }
  }

  /** The Markdown summary of the connected agents, in the app's language. */
  summary(): string {
    return summarize(this.snapshot.agents, {
      heading: this.t('summary.heading'),
      none: this.t('summary.none'),
      status: (status) => this.t(`status.${status}`),
    });
  }

  /** Sends the summary to every connected note, asking for `cards.connected` first (asking never throws). */
  async sendSummary(): Promise<void> {
    if (this.snapshot.sending) return;
    this.set({ sending: true });
    try {
      const needed = this.card.ports.peers.map((peer) => permissionForPeer(peer, { outputType: 'ns:markdown' }));
      await requestPermissions(this.card, ...needed.filter((id) => id !== null));
      const delivered = await this.card.ports.emit('summary', this.summary());
      this.set({ sending: false, delivered, sendError: null });
    } catch (error) {
      this.set({ sending: false, sendError: describeError(error) });
    }
  }

  /** Removes the tool handler and every listener on the card; `start()` may run again after it. */
  dispose(): void {
    this.running = false;
    for (const off of this.offs.splice(0)) off();
  }

  private set(patch: Partial<SquadSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private followLanguage(): void {
    this.t.setLanguage(this.card.context.i18n.language, this.card.context.i18n.locale);
  }

  private followPeers(): void {
    this.set({ canSend: hasDownstreamPeer(this.card.ports.peers, 'ns:markdown') });
  }

  private showAgents(connected: readonly AgentInfo[]): void {
    const agents = sortAgents(connected);
    this.set({ phase: agents.length === 0 ? 'empty' : 'ready', agents, counts: countByStatus(agents) });
    this.drawChrome();
  }

  // The app draws the badge and status on the card's frame, also while the card is zoomed out.
  private drawChrome(): void {
    const waiting = this.snapshot.counts['needs-input'] ?? 0;
    const working = this.snapshot.counts.working ?? 0;
    const status = working > 0 ? this.t('working', { count: working }) : null;
    // A call still in flight when the controller is disposed (or the host closes) is not worth a warning.
    const unseen = (error: unknown) => {
      if (this.running) console.warn('[squad] the frame did not take the badge or status:', error);
    };
    this.card.setBadge(waiting > 0 ? waiting : null).catch(unseen);
    this.card.setStatus(status, { tone: 'accent', busy: working > 0 }).catch(unseen);
  }
}
