// The canvas page's side of the dev server: the layout it describes and the layout the page writes back.
import type { CanvasDescription } from '../../src/dev/canvas-server.js';
import type { CanvasArrow, CanvasBuiltinCard, CanvasPlace } from '../../src/dev/canvas-file.js';
import type { TrafficEntry } from '../../src/dev/canvas-router.js';

export type { CanvasDescription };

/** Reads the canvas the server hosts; null when it hosts one card (the one-card page). */
export async function loadCanvas(fetcher: typeof fetch = fetch): Promise<CanvasDescription | null> {
  const response = await fetcher('/__dev/canvas.json', { cache: 'no-store' }).catch(() => null);
  if (!response?.ok || !(response.headers.get('content-type') ?? '').includes('json')) return null;
  return (await response.json()) as CanvasDescription;
}

/** The layout as the page holds it: where each card sits, the built-in peers with their state, the arrows. */
export interface PageLayout {
  places: Record<string, CanvasPlace>;
  builtins: CanvasBuiltinCard[];
  arrows: CanvasArrow[];
}

/** Writes the layout to the file beside the first card (through the dev server); the answer's problems, or null. */
export async function saveCanvas(description: CanvasDescription, layout: PageLayout): Promise<string | null> {
  const body = {
    cards: [
      ...description.cards.map((card) => ({ name: card.name, ...layout.places[card.name] })),
      ...layout.builtins.map((card) => ({ ...card, ...layout.places[card.id] })),
    ],
    arrows: layout.arrows,
  };
  const response = await fetch(`/__dev/canvas?token=${encodeURIComponent(description.token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch((error: unknown) => ({ ok: false, text: () => Promise.resolve(String(error)) }));
  return response.ok ? null : await response.text();
}

/** The timeline as a JSON file's text: every entry, newest last. */
export function timelineJson(entries: readonly TrafficEntry[]): string {
  return `${JSON.stringify({ exportedAt: new Date().toISOString(), entries }, null, 2)}\n`;
}

/** A value in one line of at most 120 characters. */
function shortJson(value: unknown): string {
  const text = value === undefined ? '' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** A call's outcome: its error's code and message, or its result. */
function outcomeOf(entry: TrafficEntry): string {
  return entry.error ? `${entry.error.code}: ${entry.error.message}` : `→ ${shortJson(entry.result) || 'ok'}`;
}

/** The kinds of timeline entry, in the order the page's filter lists them. */
export const TIMELINE_KINDS: readonly TrafficEntry['kind'][] = [
  'message',
  'request',
  'read',
  'skipped',
  'refused',
  'call',
  'tool',
  'finding',
];

/** The arrow filter's value for an arrow (`from→to`). */
export function arrowKey(arrow: CanvasArrow): string {
  return `${arrow.from}→${arrow.to}`;
}

/**
 * What the timeline shows: one card's traffic (or ''), the traffic between one arrow's ends (or ''), and one kind,
 * `all`, or '' for all but the cards' calls to their hosts (the wire, tool calls and findings).
 */
export interface TimelineFilter {
  card: string;
  kind: string;
  arrow: string;
}

/** The entries `filter` keeps, oldest first; an arrow keeps what crossed between its two ends, either way. */
export function filterTimeline(entries: readonly TrafficEntry[], filter: TimelineFilter): TrafficEntry[] {
  return entries.filter((entry) => {
    if (filter.card !== '' && entry.from !== filter.card && entry.to !== filter.card) return false;
    if (filter.kind === '' ? entry.kind === 'call' : filter.kind !== 'all' && entry.kind !== filter.kind) return false;
    if (filter.arrow === '') return true;
    const key = arrowKey(entry);
    return key === filter.arrow || arrowKey({ from: entry.to, to: entry.from }) === filter.arrow;
  });
}

/** One line of the timeline as the page lists it. */
export function describeTraffic(entry: TrafficEntry): string {
  const ports = `${entry.output ?? '?'} → ${entry.input ?? '?'}`;
  switch (entry.kind) {
    case 'message':
      return `${entry.from} → ${entry.to} · ${ports} · ${entry.sourceType ?? ''} → ${entry.type ?? ''} (${entry.conversion ?? ''}) · ${entry.bytes ?? 0} B`;
    case 'request':
      return `${entry.from} asked ${entry.to} · ${entry.input ?? ''} · ${entry.error ? `${entry.error.code}: ${entry.error.message}` : 'answered'} · ${entry.ms ?? 0} ms`;
    case 'read':
      return `${entry.to} read ${entry.from}'s ${entry.output ?? ''}${entry.data === null ? ' (nothing retained)' : ''}`;
    case 'call':
      return `${entry.from} · ${entry.method ?? ''} ${shortJson(entry.params)} · ${outcomeOf(entry)} · ${entry.ms ?? 0} ms`;
    case 'tool':
      return `${entry.from} called ${entry.to}'s ${entry.method ?? ''} ${shortJson(entry.params)} · ${outcomeOf(entry)} · ${entry.ms ?? 0} ms`;
    case 'finding':
      return `${entry.from} · ${entry.reason ?? ''}`;
    default:
      return `${entry.from} → ${entry.to} ${entry.kind} · ${entry.output ?? ''}: ${entry.reason ?? ''}`;
  }
}
