// The arrows of a canvas: carries every port value between the cards' mock hosts (and the built-in peers) with
// the app's rules, through the mock's own port handlers, and keeps a timeline of what crossed.
import { checkPortValue, coercePortValue, pickInputFor, portCoercion } from '../contract/ports.js';
import { errorMessage } from '../contract/error-message.js';
import { jsonLength } from '../contract/json.js';
import { localize } from '../contract/constants.js';
import type { JsonValue, PeerDirection } from '../contract/types.js';
import type { HostAnswer, MockEvent, MockHost, MockPeer, MockPeerPort } from '../testing/index.js';
import { BUILTIN_PORTS, receiveOnBuiltin, type BuiltinState } from './canvas-builtins.js';
import type { BuiltinKind, CanvasArrow } from './canvas-file.js';

/** A card of the canvas served by its own mock host. */
interface CanvasCardNode {
  /** The manifest `name` (arrows name it). */
  id: string;
  host: MockHost;
}

/** A built-in peer of the canvas; its state changes in place as values arrive. */
export interface CanvasBuiltinNode {
  id: string;
  builtin: BuiltinKind;
  state: BuiltinState;
}

/** One entry of the canvas timeline (values are shown as they crossed; no secret ever travels on a port). */
export interface TrafficEntry {
  seq: number;
  at: number;
  kind: 'message' | 'request' | 'read' | 'skipped' | 'refused' | 'call' | 'tool' | 'finding';
  /** The sending card or peer; for a call, a tool call or a finding, the card. */
  from: string;
  /** The receiving card or peer; for a call or a finding, `host`; for a tool call, the card. */
  to: string;
  /** A call's method (`storage.set`…); a tool call's tool. */
  method?: string;
  /** A call's params; a tool call's arguments. */
  params?: unknown;
  output?: string;
  input?: string;
  sourceType?: string;
  type?: string;
  /** How the value was converted (`exact`, `stringify`, `table-markdown`…). */
  conversion?: string;
  /** The delivered value's size (JSON characters). */
  bytes?: number;
  data?: unknown;
  /** A request's answer, or an error's code and message. */
  result?: unknown;
  error?: { code: string; message: string };
  ms?: number;
  /** Why a peer was skipped or a value dropped; a finding's kind and text. */
  reason?: string;
}

/** A warning the canvas has for a card's author: printed in the terminal, listed in the card's Records. */
export interface CanvasWarning {
  card: string;
  message: string;
}

/** Options of {@link createCanvasRouter}. */
export interface CanvasRouterOptions {
  /** Each timeline entry as it happens. */
  onTraffic?: (entry: TrafficEntry) => void;
  /** Each warning (a peer skipped for a permission, a value dropped by a schema). */
  onWarning?: (warning: CanvasWarning) => void;
  /** A built-in peer's state changed. */
  onBuiltinChange?: (node: CanvasBuiltinNode) => void;
}

/** The canvas's router. */
export interface CanvasRouter {
  /** Adds a card or a built-in peer, or replaces the one with that id (a card whose manifest changed). */
  add(node: CanvasCardNode | CanvasBuiltinNode): void;
  /** Takes a node off the canvas, and its arrows with it. */
  remove(id: string): void;
  /** Replaces the arrows: each card sees its peers, and a peer connected now gets the retained values once. */
  setArrows(arrows: readonly CanvasArrow[]): void;
  /** The arrows as they are now. */
  arrows(): CanvasArrow[];
  /** A built-in peer emits a value on one of its outputs (a note edited by hand, a list ticked). */
  emitFromBuiltin(id: string, output: string, data: JsonValue): void;
  /** A card's call answered by its host (its mock host's `onAnswer`): the method, params, result or error, time. */
  recordAnswer(card: string, answer: HostAnswer): void;
  /** A finding of a card's frame (a sandbox or CSP refusal, an uncaught error, an SDK warning). */
  recordFinding(card: string, finding: { kind: string; message: string }): void;
  /** Every timeline entry so far, oldest first. */
  timeline(): TrafficEntry[];
  /** Stops listening to the hosts. */
  close(): void;
}

type Node = CanvasCardNode | CanvasBuiltinNode;

/** A tool call the host sent a card, until the card answers or the host cancels it. */
interface RunningTool {
  tool: string;
  args: unknown;
  agent: string;
  at: number;
  deadline: number;
}

/** How far a card's host records were read, and its tool calls still running. */
interface Listening {
  stop: () => void;
  deliveries: number;
  calls: number;
  /** The newest event read (found again from the end: the host drops its oldest events in a long run). */
  lastEvent: MockEvent | undefined;
  tools: Map<string, RunningTool>;
}

/** The events of `events` after `last`; all of them when `last` is gone with the oldest ones (or there was none). */
function eventsAfter(events: readonly MockEvent[], last: MockEvent | undefined): readonly MockEvent[] {
  return last === undefined ? events : events.slice(events.lastIndexOf(last) + 1);
}

const isCard = (node: Node): node is CanvasCardNode => 'host' in node;

/** The ports of a node as a peer sees them. */
function portsOf(node: Node): { inputs: MockPeerPort[]; outputs: MockPeerPort[] } {
  if (!isCard(node)) return BUILTIN_PORTS[node.builtin];
  const { inputs, outputs } = node.host.manifest.ports;
  return { inputs: inputs, outputs: outputs };
}

function displayName(node: Node): string {
  return isCard(node) ? localize(node.host.manifest.displayName, 'en') : node.id;
}

function retainedOf(node: Node): Record<string, unknown> {
  if (isCard(node)) return Object.fromEntries([...node.host.retained].map(([id, value]) => [id, value.data]));
  const outputs = BUILTIN_PORTS[node.builtin].outputs.filter((port) => port.retain);
  const state = node.state;
  const values: Record<string, unknown> = {};
  for (const output of outputs) {
    const value =
      output.id === 'text'
        ? state.text
        : output.id === 'items' || output.id === 'tasks'
          ? state.items
          : output.id === 'title'
            ? state.title
            : output.id === 'status'
              ? { type: 'status', data: { status: state.status ?? 'idle' } }
              : undefined;
    if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) values[output.id] = value;
  }
  return values;
}

function codeOf(error: unknown): { code: string; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return { code: typeof code === 'string' ? code : 'INTERNAL', message: errorMessage(error) };
}

/**
 * Joins the cards of a canvas by arrows. Each card's host gets the others as peers (direction, ports, what
 * they retained, how they answer requests); what its `ports.emit`/`ports.send` delivered (after the mock's own
 * checks: output, schemas, 20 a second, the permission a built-in peer needs, conversion) reaches the other
 * card's `onMessage` or the built-in peer; a skipped peer and a dropped value become warnings.
 */
export function createCanvasRouter(options: CanvasRouterOptions = {}): CanvasRouter {
  const nodes = new Map<string, Node>();
  const listening = new Map<string, Listening>();
  let arrows: CanvasArrow[] = [];
  const entries: TrafficEntry[] = [];
  let seq = 0;
  const record = (entry: Omit<TrafficEntry, 'seq' | 'at'>): void => {
    seq += 1;
    const full: TrafficEntry = { seq, at: Date.now(), ...entry };
    entries.push(full);
    if (entries.length > 5000) entries.splice(0, entries.length - 5000);
    options.onTraffic?.(full);
  };
  const warned = new Set<string>();
  // Each warning once per card and text, as the SDK warns.
  const warn = (card: string, message: string): void => {
    const key = `${card}\n${message}`;
    if (warned.has(key)) return;
    warned.add(key);
    options.onWarning?.({ card, message });
  };

  const direction = (from: string, to: string): PeerDirection | null => {
    const forward = arrows.some((arrow) => arrow.from === from && arrow.to === to);
    const back = arrows.some((arrow) => arrow.from === to && arrow.to === from);
    return forward && back ? 'both' : forward ? 'downstream' : back ? 'upstream' : null;
  };
  const downstreamOf = (id: string): Node[] =>
    [...nodes.values()].filter((other) => {
      const way = direction(id, other.id);
      return way === 'downstream' || way === 'both';
    });

  /** Hands a converted value to a node's input: the card's `ports.message`, or the built-in's change. */
  const arrive = (from: Node, to: Node, output: MockPeerPort, input: MockPeerPort, value: unknown): void => {
    record({
      kind: 'message',
      from: from.id,
      to: to.id,
      output: output.id,
      input: input.id,
      sourceType: output.type,
      type: input.type,
      conversion: portCoercion(output.type, input.type) ?? 'none',
      bytes: jsonLength(value),
      data: value,
    });
    if (isCard(to)) {
      to.host.emit('ports.message', {
        from: from.id,
        fromKind: isCard(from) ? 'custom' : from.builtin,
        output: output.id,
        input: input.id,
        type: input.type,
        sourceType: output.type,
        data: value,
        at: Date.now(),
      });
      return;
    }
    for (const emitted of receiveOnBuiltin(to.builtin, to.state, input.id, value)) {
      options.onBuiltinChange?.(to);
      emitFrom(to, emitted.output, emitted.data);
    }
  };

  /**
   * Delivers a value the router itself routes (a built-in's output, a retained value to a peer connected now):
   * the input picked, the permission the receiving card needs for a built-in's output, conversion, schemas.
   */
  const offer = (from: Node, to: Node, output: MockPeerPort, data: unknown): void => {
    const input = pickInputFor(output.type, portsOf(to).inputs);
    if (!input) {
      record({ kind: 'skipped', from: from.id, to: to.id, output: output.id, reason: `no input takes ${output.type}` });
      return;
    }
    if (output.permission && isCard(to) && !to.host.grants.has(output.permission)) {
      const reason = `receiving ${from.id}'s ${output.id} needs the "${output.permission}" permission`;
      record({ kind: 'skipped', from: from.id, to: to.id, output: output.id, input: input.id, reason });
      warn(to.id, `${reason}; declare it in neurosquad-card.json`);
      return;
    }
    let value: unknown;
    try {
      value = coercePortValue(data, output.type, input.type);
    } catch (error) {
      record({ kind: 'skipped', from: from.id, to: to.id, output: output.id, reason: errorMessage(error) });
      return;
    }
    const issue = checkPortValue(input, value)[0];
    if (issue) {
      const reason = `the value does not fit ${to.id}'s input ${input.id}: ${issue.path || 'value'} ${issue.message}`;
      record({ kind: 'skipped', from: from.id, to: to.id, output: output.id, input: input.id, reason });
      warn(from.id, `a value was dropped: ${reason}`);
      return;
    }
    arrive(from, to, output, input, value);
  };

  const emitFrom = (from: Node, outputId: string, data: JsonValue): void => {
    const output = portsOf(from).outputs.find((port) => port.id === outputId);
    if (!output) return;
    for (const to of downstreamOf(from.id)) offer(from, to, output, data);
  };

  /** Why a peer got nothing from `ports.emit` (skipped silently) or `ports.send` (refused): a warning and an entry. */
  const explainMisses = (
    card: CanvasCardNode,
    method: string,
    params: Record<string, unknown>,
    reached: Set<string>,
  ) => {
    const output = card.host.manifest.ports.outputs.find((port) => port.id === params.port);
    if (!output || checkPortValue(output, params.data).length > 0) return;
    const sent = method === 'ports.send';
    const targets = sent ? [nodes.get(String(params.to))].filter((node) => node !== undefined) : downstreamOf(card.id);
    const call = `${method}("${output.id}")`;
    for (const to of targets) {
      if (reached.has(to.id)) continue;
      const inputs = portsOf(to).inputs;
      const input =
        typeof params.input === 'string'
          ? inputs.find((port) => port.id === params.input)
          : pickInputFor(output.type, inputs);
      let reason = `no input of ${to.id} takes ${output.type}`;
      if (input?.permission && !card.host.grants.has(input.permission)) {
        reason = `sending to ${to.id} needs the "${input.permission}" permission`;
        // The SDK itself warns in the card about a peer emit skipped for a permission; a refused send only rejects.
        if (sent) {
          warn(
            card.id,
            `${call} was refused by ${to.id}: ${reason}; declare it in neurosquad-card.json and ask for it with requestPermissions(card, '${input.permission}')`,
          );
        }
      } else if (input) {
        let issue: string | undefined;
        try {
          const found = checkPortValue(input, coercePortValue(params.data, output.type, input.type))[0];
          issue = found && `${found.path || 'value'} ${found.message}`;
        } catch (error) {
          issue = errorMessage(error);
        }
        reason = issue
          ? `the value does not fit ${to.id}'s input ${input.id}: ${issue}`
          : 'not delivered (more than 20 values a second on this output, or the arrow points the other way)';
        if (issue) warn(card.id, `${call} dropped a value for ${to.id}: ${reason}`);
      }
      record({
        kind: sent ? 'refused' : 'skipped',
        from: card.id,
        to: to.id,
        output: output.id,
        input: input?.id,
        reason,
      });
    }
  };

  /** A card read a peer's retained value (`ports.read`): what it got. */
  const recordRead = (card: CanvasCardNode, params: Record<string, unknown>): void => {
    const owner = nodes.get(String(params.from));
    if (!owner) return;
    const value = retainedOf(owner)[String(params.port)];
    record({ kind: 'read', from: owner.id, to: card.id, output: String(params.port), data: value ?? null });
  };

  /** A tool call sent to a card starts running; a cancel by the host ends it on the timeline. */
  const trackTool = (card: CanvasCardNode, seen: Listening, event: string, data: Record<string, unknown>): void => {
    const callId = String(data.callId);
    if (event === 'tools.call') {
      const agent = (data.agent as { name?: unknown } | undefined)?.name;
      seen.tools.set(callId, {
        tool: String(data.tool),
        args: data.args,
        agent: typeof agent === 'string' ? agent : 'agent',
        at: Date.now(),
        deadline: typeof data.deadline === 'number' ? data.deadline : Infinity,
      });
    } else if (event === 'tools.cancel') {
      const running = seen.tools.get(callId);
      if (!running) return;
      const timedOut = Date.now() >= running.deadline;
      const error = timedOut
        ? { code: 'TIMEOUT', message: `tool ${running.tool} timed out` }
        : { code: 'USER_CANCELLED', message: 'the host cancelled the call' };
      endTool(card, seen, callId, { error });
    }
  };

  /** A tool call ended: its entry, from the agent to the card, with the arguments, the outcome and the time. */
  const endTool = (
    card: CanvasCardNode,
    seen: Listening,
    callId: string,
    outcome: { result?: unknown; error?: { code: string; message: string } },
  ): void => {
    const running = seen.tools.get(callId);
    if (!running) return;
    seen.tools.delete(callId);
    record({
      kind: 'tool',
      from: running.agent,
      to: card.id,
      method: running.tool,
      params: running.args,
      ...outcome,
      ms: Date.now() - running.at,
    });
  };

  /** Takes what a card's host recorded since last time: its deliveries, and the emits that reached fewer peers. */
  const drain = (card: CanvasCardNode): void => {
    const seen = listening.get(card.id);
    if (!seen || nodes.get(card.id) !== card) return;
    const fresh = card.host.deliveries.slice(seen.deliveries);
    seen.deliveries = card.host.deliveries.length;
    const calls = card.host.calls.slice(seen.calls);
    seen.calls = card.host.calls.length;
    const events = eventsAfter(card.host.events, seen.lastEvent);
    seen.lastEvent = card.host.events.at(-1);
    for (const { event, data } of events) trackTool(card, seen, event, data as Record<string, unknown>);
    const reached = new Set<string>();
    for (const delivery of fresh) {
      const to = nodes.get(delivery.to);
      const output = card.host.manifest.ports.outputs.find((port) => port.id === delivery.output) as MockPeerPort;
      const input = to && portsOf(to).inputs.find((port) => port.id === delivery.input);
      if (!to || !input || !output) continue;
      reached.add(to.id);
      arrive(card, to, output, input, delivery.data);
    }
    for (const call of calls) {
      if (call.method === 'ports.emit' || call.method === 'ports.send') {
        explainMisses(card, call.method, call.params, reached);
      } else if (call.method === 'ports.read') recordRead(card, call.params);
    }
  };

  /** The peer `other` as `self` sees it: its ports, its retained values (read live) and its answers. */
  const peerFor = (self: Node, other: Node, way: PeerDirection): MockPeer => {
    const { inputs, outputs } = portsOf(other);
    const peer: MockPeer = {
      cardId: other.id,
      kind: isCard(other) ? 'custom' : other.builtin,
      name: displayName(other),
      direction: way,
      inputs,
      outputs,
      respond: (inputId, data) => {
        const started = Date.now();
        const base = { kind: 'request' as const, from: self.id, to: other.id, input: inputId, data };
        if (!isCard(other)) return Promise.reject(new Error(`${other.id} answers no requests`));
        return other.host.requestPort(inputId, data, { from: self.id }).then(
          (result) => {
            record({ ...base, result, ms: Date.now() - started });
            return result;
          },
          (error: unknown) => {
            record({ ...base, error: codeOf(error), ms: Date.now() - started });
            throw error;
          },
        );
      },
    };
    if (isCard(other)) peer.type = other.host.manifest.name;
    Object.defineProperty(peer, 'retained', { enumerable: true, get: () => retainedOf(other) });
    return peer;
  };

  const connected = (id: string): Map<string, PeerDirection> => {
    const found = new Map<string, PeerDirection>();
    for (const other of nodes.values()) {
      if (other.id === id) continue;
      const way = direction(id, other.id);
      if (way) found.set(other.id, way);
    }
    return found;
  };

  /** Gives every card its peers; a pair that is new gets the retained values of its upstream end once. */
  const refresh = (before: Map<string, Map<string, PeerDirection>>): void => {
    for (const node of nodes.values()) {
      const now = connected(node.id);
      const was = before.get(node.id) ?? new Map<string, PeerDirection>();
      const same = now.size === was.size && [...now].every(([id, way]) => was.get(id) === way);
      if (isCard(node) && !same) {
        node.host.setPeers([...now].map(([id, way]) => peerFor(node, nodes.get(id) as Node, way)));
      }
    }
    for (const node of nodes.values()) {
      const now = connected(node.id);
      const was = before.get(node.id) ?? new Map<string, PeerDirection>();
      for (const [id, way] of now) {
        const other = nodes.get(id) as Node;
        const feeds = way === 'downstream' || way === 'both';
        const fed = was.get(id) === 'downstream' || was.get(id) === 'both';
        if (!feeds || fed) continue;
        // A peer connected later gets each retained value once, right away.
        const retained = retainedOf(node);
        for (const output of portsOf(node).outputs) {
          if (output.retain && retained[output.id] !== undefined) offer(node, other, output, retained[output.id]);
        }
      }
    }
  };

  const snapshot = (): Map<string, Map<string, PeerDirection>> =>
    new Map([...nodes.keys()].map((id) => [id, connected(id)]));

  const unlisten = (id: string): void => {
    listening.get(id)?.stop();
    listening.delete(id);
  };

  return {
    add(node) {
      const before = snapshot();
      unlisten(node.id);
      nodes.set(node.id, node);
      if (isCard(node)) {
        const seen: Listening = {
          deliveries: node.host.deliveries.length,
          calls: node.host.calls.length,
          lastEvent: node.host.events.at(-1),
          tools: new Map(),
          stop: node.host.subscribe(() => drain(node)),
        };
        listening.set(node.id, seen);
        // A fresh host has no peers yet: give it its peers even when the arrows did not change.
        before.delete(node.id);
        for (const map of before.values()) map.delete(node.id);
      }
      refresh(before);
    },
    remove(id) {
      const before = snapshot();
      unlisten(id);
      nodes.delete(id);
      arrows = arrows.filter((arrow) => arrow.from !== id && arrow.to !== id);
      refresh(before);
    },
    setArrows(next) {
      const before = snapshot();
      arrows = next.map((arrow) => ({ from: arrow.from, to: arrow.to }));
      refresh(before);
    },
    arrows: () => arrows.map((arrow) => ({ ...arrow })),
    emitFromBuiltin(id, output, data) {
      const node = nodes.get(id);
      if (node && !isCard(node)) emitFrom(node, output, data);
    },
    recordAnswer(id, answer) {
      const card = nodes.get(id);
      if (!card || !isCard(card)) return;
      const { method, params, error, ms } = answer;
      const outcome = error ? { error: { code: error.code, message: error.message } } : { result: answer.result };
      record({ kind: 'call', from: id, to: 'host', method, params, ...outcome, ms });
      const seen = listening.get(id);
      if (method !== 'tools.respond' || error || !seen) return;
      // The tool call's event may not have been read yet: read what the host recorded first.
      drain(card);
      const reply = params as { callId?: unknown; result?: unknown; error?: unknown };
      const told = typeof reply.error === 'string';
      endTool(
        card,
        seen,
        String(reply.callId),
        told ? { error: { code: 'INTERNAL', message: String(reply.error) } } : { result: reply.result },
      );
    },
    recordFinding(id, finding) {
      record({ kind: 'finding', from: id, to: 'host', reason: `${finding.kind}: ${finding.message}` });
    },
    timeline: () => [...entries],
    close() {
      for (const id of [...listening.keys()]) unlisten(id);
    },
  };
}
