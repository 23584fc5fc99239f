// What the canvas page keeps outside React: the router, each card's host and finding list, the built-in peers
// the router knows, the theme every host gets, and the mock host options every card's host is made with.
import { DEFAULT_THEME } from '../../src/contract/theme.js';
import { LIGHT_THEME } from '../../src/contract/theme-light.js';
import type { AgentInfo, CardTheme } from '../../src/contract/types.js';
import { runOnTerminal } from '../../src/dev/canvas-builtins.js';
import {
  createCanvasRouter,
  type CanvasBuiltinNode,
  type CanvasRouter,
  type TrafficEntry,
} from '../../src/dev/canvas-router.js';
import type { MockHost, MockHostOptions } from '../../src/testing/index.js';
import type { FrameFinding } from '../host/frame-findings.js';

/** The page's color scheme. */
export type CanvasScheme = 'dark' | 'light';

/** The theme of a scheme. */
export function themeOf(scheme: CanvasScheme): CardTheme {
  return scheme === 'light' ? LIGHT_THEME : DEFAULT_THEME;
}

/** The terminals on the canvas as the cards' agents list shows them (`terminals.run` reaches them). */
function terminalAgents(builtins: readonly CanvasBuiltinNode[]): AgentInfo[] {
  return builtins
    .filter((node) => node.builtin === 'terminal')
    .map((node) => ({ id: node.id, name: node.id, harness: 'shell', kind: 'shell', status: 'idle', connected: true }));
}

/** The canvas's wiring. */
export interface CanvasWiring {
  readonly router: CanvasRouter;
  /**
   * The options a card's mock host is made with (the same object for a name): the app's rate limits, terminals that
   * answer as scripted, and each answer the card gets on the timeline.
   */
  hostOptionsFor(name: string): MockHostOptions;
  /** A card's (new) host: it joins the router, gets the theme and the terminals; its warnings go to `addFinding`. */
  addHost(name: string, host: MockHost, addFinding: (finding: FrameFinding) => void): void;
  /** Puts a finding of a card's frame (a sandbox or CSP refusal, an error, a warning) on the timeline. */
  addFinding(name: string, finding: FrameFinding): void;
  /** The built-in peers now: new ones join the router, gone ones leave it. */
  setBuiltins(nodes: readonly CanvasBuiltinNode[]): void;
  /** Gives every host the theme of `scheme`. */
  setScheme(scheme: CanvasScheme): void;
}

/** Builds the wiring; `changed` is called when a built-in's content changed (a terminal ran a command). */
export function createCanvasWiring(handlers: {
  traffic: (entry: TrafficEntry) => void;
  changed: () => void;
}): CanvasWiring {
  const sinks = new Map<string, (finding: FrameFinding) => void>();
  const hosts = new Map<string, MockHost>();
  let builtins: readonly CanvasBuiltinNode[] = [];
  let scheme: CanvasScheme = 'dark';
  const router = createCanvasRouter({
    onTraffic: handlers.traffic,
    onWarning: ({ card, message }) => {
      const sink = sinks.get(card);
      if (sink) sink({ kind: 'warning', message, time: Date.now() });
      else console.warn(`[canvas] ${card}: ${message}`);
    },
    onBuiltinChange: handlers.changed,
  });
  const terminalRun: MockHostOptions['terminalRun'] = (agentId, command) => {
    const node = builtins.find((each) => each.id === agentId && each.builtin === 'terminal');
    if (!node) return { exitCode: 0, output: '' };
    const answer = runOnTerminal(node.state, command);
    handlers.changed();
    return answer;
  };
  const options = new Map<string, MockHostOptions>();
  return {
    router,
    hostOptionsFor(name) {
      let made = options.get(name);
      if (!made) {
        made = { enforceRateLimits: true, terminalRun, onAnswer: (answer) => router.recordAnswer(name, answer) };
        options.set(name, made);
      }
      return made;
    },
    addFinding: (name, finding) => router.recordFinding(name, finding),
    addHost(name, host, addFinding) {
      hosts.set(name, host);
      sinks.set(name, addFinding);
      host.setTheme(themeOf(scheme));
      host.setAgents(terminalAgents(builtins));
      router.add({ id: name, host });
    },
    setBuiltins(nodes) {
      const ids = new Set(nodes.map((node) => node.id));
      const known = new Set(builtins.map((node) => node.id));
      for (const node of nodes) if (!known.has(node.id)) router.add(node);
      for (const id of known) if (!ids.has(id)) router.remove(id);
      builtins = nodes;
      for (const host of hosts.values()) host.setAgents(terminalAgents(nodes));
    },
    setScheme(next) {
      scheme = next;
      for (const host of hosts.values()) host.setTheme(themeOf(next));
    },
  };
}
