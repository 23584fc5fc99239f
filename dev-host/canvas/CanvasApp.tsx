/*
 * The canvas page of `neurosquad-card dev a b …`: every card in its own sandboxed frame and host, the built-in
 * peers, the arrows between them (routed by src/dev/canvas-router.ts) and the timeline of what crossed.
 * What a test finds it by: region "Canvas card <name or id>" per card, each with button "Select <name>" (opens
 * the card's "Host controls" beside the canvas) and buttons "Arrow from <name>" / "Arrow to <name>", and its
 * connector on the right edge (title "Draw an arrow from <name>", hidden from assistive technology: the buttons are
 * the keyboard's way) dragged onto another tile to draw an arrow; group
 * "Arrows" with comboboxes "Arrow from", "Arrow to", button "Add arrow" and per arrow button
 * "Remove arrow <from> to <to>"; combobox "Built-in kind", button "Add built-in"; combobox "Canvas theme";
 * region "Timeline" with comboboxes "Timeline card", "Timeline kind", "Timeline arrow", list "Traffic" and button
 * "Export timeline".
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactElement } from 'react';
import { Kit } from '../../components/index.js';
import type { JsonValue } from '../../src/contract/types.js';
import { initialBuiltinState, type BuiltinState } from '../../src/dev/canvas-builtins.js';
import { BUILTIN_KINDS, type BuiltinKind, type CanvasArrow, type CanvasPlace } from '../../src/dev/canvas-file.js';
import type { CanvasBuiltinNode, TrafficEntry } from '../../src/dev/canvas-router.js';
import type { MockHost } from '../../src/testing/index.js';
import { DevSessionHost } from '../App.js';
import { loadDevSession, type DevSession } from '../host/dev-server.js';
import { createMcpChannel } from '../host/mcp-link.js';
import { createCanvasEvents } from './canvas-events.js';
import type { FrameFinding } from '../host/frame-findings.js';
import { BuiltinTile } from './BuiltinTile.js';
import { ArrowLayer } from './ArrowLayer.js';
import { ArrowDraftLayer } from './ArrowDraftLayer.js';
import { createArrowDrag } from './arrow-drag.js';
import { CanvasCardView, CanvasTileContext, type CanvasTile } from './CanvasCardView.js';
import {
  arrowKey,
  describeTraffic,
  filterTimeline,
  saveCanvas,
  TIMELINE_KINDS,
  timelineJson,
  type CanvasDescription,
} from './canvas-page.js';
import { createCanvasWiring, themeOf } from './canvas-wiring.js';
import './canvas.css';

const GAP = 48;
/** The timeline entries the page keeps (and exports), as many as the router keeps. */
const TIMELINE_KEPT = 5000;

/** Where a card without a saved place starts: a row, left to right, one manifest size apart. */
function defaultPlace(index: number): CanvasPlace {
  return { x: 24 + index * (440 + GAP), y: 24 };
}

/** The whole canvas page. */
export function CanvasApp({ canvas }: { canvas: CanvasDescription }): ReactElement {
  const [sessions, setSessions] = useState<(DevSession | null)[]>(() => canvas.cards.map(() => null));
  const [error, setError] = useState<string | null>(null);
  const [arrows, setArrows] = useState<CanvasArrow[]>(canvas.arrows);
  const [builtins, setBuiltins] = useState<CanvasBuiltinNode[]>(() =>
    canvas.builtins.map((card) => ({
      id: card.id,
      builtin: card.builtin,
      state: { ...initialBuiltinState(card.builtin), ...(card.state as BuiltinState | undefined) },
    })),
  );
  const [places, setPlaces] = useState<Record<string, CanvasPlace>>(() => {
    const all: Record<string, CanvasPlace> = {};
    canvas.cards.forEach((card, index) => {
      const { name, folder: _folder, base: _base, ...place } = card;
      all[name] = { ...defaultPlace(index), ...place };
    });
    canvas.builtins.forEach((card, index) => {
      const { builtin: _builtin, id, state: _state, ...place } = card;
      all[id] = { x: 24 + index * (240 + GAP), y: 560, ...place };
    });
    return all;
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [timeline, setTimeline] = useState<TrafficEntry[]>([]);
  const [builtinVersion, setBuiltinVersion] = useState(0);
  const [pending, setPending] = useState<string | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [scheme, setScheme] = useState<'dark' | 'light'>('dark');
  const [wiring] = useState(() =>
    createCanvasWiring({
      traffic: (entry) => setTimeline((current) => [...current.slice(-(TIMELINE_KEPT - 1)), entry]),
      changed: () => setBuiltinVersion((version) => version + 1),
    }),
  );
  const { router } = wiring;
  // One MCP stream for every card of the page (the browser holds at most 6 connections to the dev server).
  const channelToken = sessions[0]?.token;
  const mcpChannel = useMemo(() => (channelToken ? createMcpChannel(channelToken) : undefined), [channelToken]);
  useEffect(() => mcpChannel?.start(), [mcpChannel]);
  // Every card's server events on one stream too.
  const canvasEvents = useMemo(() => createCanvasEvents(canvas.token), [canvas.token]);
  useEffect(() => () => canvasEvents.close(), [canvasEvents]);
  useEffect(() => () => router.close(), [router]);

  useEffect(() => {
    Promise.all(canvas.cards.map((card) => loadDevSession(fetch, card.base))).then(setSessions, (reason: unknown) =>
      setError(reason instanceof Error ? reason.message : String(reason)),
    );
  }, [canvas.cards]);

  // Built-in peers join the router (once each); the terminals among them are the agents every card sees.
  useEffect(() => wiring.setBuiltins(builtins), [builtins, wiring]);
  useEffect(() => router.setArrows(arrows), [arrows, router, builtins]);

  // Every change of the layout (and of a built-in's content) is written to the file, a moment after the last.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      const layout = {
        places,
        arrows,
        builtins: builtins.map((node) => ({ builtin: node.builtin, id: node.id, state: node.state })),
      };
      void saveCanvas(canvas, layout).then(setSaveProblem);
    }, 250);
    return () => clearTimeout(timer);
  }, [places, arrows, builtins, builtinVersion, canvas]);

  const hostProps = useMemo(
    () =>
      new Map(
        canvas.cards.map((card, index) => [
          card.name,
          {
            onHost: (host: MockHost, addFinding: (finding: FrameFinding) => void) =>
              wiring.addHost(card.name, host, addFinding),
            onFinding: (finding: FrameFinding) => wiring.addFinding(card.name, finding),
            hostOptions: wiring.hostOptionsFor(card.name),
            openEvents: () => canvasEvents.forCard(index),
          },
        ]),
      ),
    [canvas.cards, wiring, canvasEvents],
  );
  useEffect(() => wiring.setScheme(scheme), [scheme, wiring]);

  const names = [...canvas.cards.map((card) => card.name), ...builtins.map((node) => node.id)];
  // The one way an arrow is added (the tiles' buttons, the panel, a drag): none to itself, none twice.
  const addArrow = (from: string, to: string) =>
    setArrows((current) =>
      from === to || current.some((arrow) => arrow.from === from && arrow.to === to)
        ? current
        : [...current, { from, to }],
    );
  const [arrowDrag] = useState(() => createArrowDrag(addArrow));
  useEffect(() => () => arrowDrag.cancel(), [arrowDrag]);

  const grab = (id: string) => (event: ReactPointerEvent<HTMLElement>) => {
    const start = { x: event.clientX, y: event.clientY };
    const origin = places[id] ?? {};
    const target = event.currentTarget;
    // The card frames let the pointer through while a tile is moved (see arrow-drag.ts).
    const board = target.closest<HTMLElement>('[data-canvas-board]');
    if (board) board.dataset.pointerHeld = '';
    target.setPointerCapture(event.pointerId);
    const move = (next: PointerEvent) =>
      setPlaces((current) => ({
        ...current,
        [id]: {
          ...current[id],
          x: Math.max(0, (origin.x ?? 0) + next.clientX - start.x),
          y: Math.max(0, (origin.y ?? 0) + next.clientY - start.y),
        },
      }));
    const up = () => {
      if (board) delete board.dataset.pointerHeld;
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  const tileFor = (id: string): CanvasTile => ({
    id,
    place: places[id] ?? {},
    selected: selected === id,
    select: () => setSelected((current) => (current === id ? null : id)),
    grab: grab(id),
    arrowControls: (
      <span className="ns-canvas-tile__arrows">
        <button
          type="button"
          className="ns-btn ns-btn--sm ns-btn--ghost"
          aria-pressed={pending === id}
          aria-label={`Arrow from ${id}`}
          title="Start an arrow here"
          onClick={() => setPending((current) => (current === id ? null : id))}
        >
          ○→
        </button>
        {pending !== null && pending !== id && (
          <button
            type="button"
            className="ns-btn ns-btn--sm ns-btn--primary"
            aria-label={`Arrow to ${id}`}
            onClick={() => {
              addArrow(pending, id);
              setPending(null);
            }}
          >
            →●
          </button>
        )}
      </span>
    ),
    connector: (
      <span
        className="ns-canvas-connector"
        aria-hidden="true"
        title={`Draw an arrow from ${id}`}
        data-arrow-handle={id}
        onPointerDown={(event) => arrowDrag.begin(id, event.currentTarget, event.nativeEvent)}
      />
    ),
  });

  if (error) return <p role="alert">The canvas could not start: {error}</p>;

  return (
    <Kit theme={themeOf(scheme)} className="ns-dev-page">
      <header className="ns-dev-header">
        <h1 className="ns-dev-header__title">neurosquad-card dev · canvas</h1>
        <span className="ns-muted ns-truncate">{canvas.file}</span>
        <label className="ns-canvas-theme">
          <span className="ns-muted">Theme</span>{' '}
          <select
            className="ns-select"
            aria-label="Canvas theme"
            value={scheme}
            onChange={(event) => setScheme(event.target.value === 'light' ? 'light' : 'dark')}
          >
            <option value="dark">Dark</option>
            <option value="light">Light</option>
          </select>
        </label>
      </header>
      {(canvas.findings.length > 0 || saveProblem) && (
        <div role="alert" className="ns-callout ns-canvas-findings">
          {canvas.findings.map((finding) => (
            <div key={`${finding.path}-${finding.message}`}>
              {finding.file} {finding.path}: {finding.message}
            </div>
          ))}
          {saveProblem && <pre className="ns-mono">{saveProblem}</pre>}
        </div>
      )}
      <main className="ns-canvas-layout">
        <div className="ns-canvas-board" aria-label="Canvas" data-canvas-board>
          <ArrowLayer arrows={arrows} version={`${JSON.stringify(places)}${timeline.length}${builtinVersion}`} />
          {canvas.cards.map((card, index) => {
            const session = sessions[index];
            return (
              <CanvasTileContext.Provider key={card.name} value={tileFor(card.name)}>
                {session ? (
                  <DevSessionHost
                    session={session}
                    base={card.base}
                    view={CanvasCardView}
                    {...hostProps.get(card.name)}
                    mcpChannel={mcpChannel}
                  />
                ) : (
                  <p className="ns-muted">Starting {card.name}…</p>
                )}
              </CanvasTileContext.Provider>
            );
          })}
          {builtins.map((node) => (
            <BuiltinTile
              key={node.id}
              tile={tileFor(node.id)}
              builtin={node.builtin}
              state={node.state}
              onEdit={(patch, output) => {
                Object.assign(node.state, patch);
                if (output) router.emitFromBuiltin(node.id, output, retainedValue(node));
                setBuiltinVersion((version) => version + 1);
              }}
            />
          ))}
          <ArrowDraftLayer drag={arrowDrag} />
        </div>
        <aside className="ns-canvas-side">
          <ArrowsPanel
            names={names}
            arrows={arrows}
            onAdd={addArrow}
            onRemove={(arrow) =>
              setArrows((current) => current.filter((each) => each.from !== arrow.from || each.to !== arrow.to))
            }
            onAddBuiltin={(kind) => {
              let count = 1;
              while (names.includes(`${kind}-${count}`)) count += 1;
              const id = `${kind}-${count}`;
              setPlaces((current) => ({ ...current, [id]: { x: 24 + builtins.length * (240 + GAP), y: 560 } }));
              setBuiltins((current) => [...current, { id, builtin: kind, state: initialBuiltinState(kind) }]);
            }}
          />
          <TimelinePanel entries={timeline} names={names} arrows={arrows} />
        </aside>
      </main>
    </Kit>
  );
}

/** What a built-in emits after the user changed it: its whole content, as the app's built-ins do. */
function retainedValue(node: CanvasBuiltinNode) {
  const { state } = node;
  if (node.builtin === 'note') return state.text ?? '';
  if (node.builtin === 'sticky') return state.title ?? '';
  return (state.items ?? []) as unknown as JsonValue;
}

/** Drawing and removing arrows, adding built-in peers. */
function ArrowsPanel({
  names,
  arrows,
  onAdd,
  onRemove,
  onAddBuiltin,
}: {
  names: string[];
  arrows: CanvasArrow[];
  onAdd: (from: string, to: string) => void;
  onRemove: (arrow: CanvasArrow) => void;
  onAddBuiltin: (kind: BuiltinKind) => void;
}): ReactElement {
  const [from, setFrom] = useState(names[0] ?? '');
  const [to, setTo] = useState(names[1] ?? '');
  const [kind, setKind] = useState<BuiltinKind>('note');
  return (
    <section className="ns-canvas-section" role="group" aria-label="Arrows">
      <h2 className="ns-canvas-section__title">Arrows</h2>
      <div className="ns-row">
        <select className="ns-select" aria-label="Arrow from" value={from} onChange={(e) => setFrom(e.target.value)}>
          {names.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        →
        <select className="ns-select" aria-label="Arrow to" value={to} onChange={(e) => setTo(e.target.value)}>
          {names.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <button type="button" className="ns-btn ns-btn--sm" onClick={() => onAdd(from, to)}>
          Add arrow
        </button>
      </div>
      <ul className="ns-canvas-arrows">
        {arrows.map((arrow) => (
          <li key={`${arrow.from}>${arrow.to}`}>
            {arrow.from} → {arrow.to}{' '}
            <button
              type="button"
              className="ns-btn ns-btn--sm ns-btn--ghost"
              aria-label={`Remove arrow ${arrow.from} to ${arrow.to}`}
              onClick={() => onRemove(arrow)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div className="ns-row">
        <select
          className="ns-select"
          aria-label="Built-in kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as BuiltinKind)}
        >
          {BUILTIN_KINDS.map((each) => (
            <option key={each}>{each}</option>
          ))}
        </select>
        <button type="button" className="ns-btn ns-btn--sm" onClick={() => onAddBuiltin(kind)}>
          Add built-in
        </button>
      </div>
    </section>
  );
}

/** The traffic of the canvas, filtered by card, kind and arrow, newest first, and its export. */
function TimelinePanel({
  entries,
  names,
  arrows,
}: {
  entries: TrafficEntry[];
  names: string[];
  arrows: CanvasArrow[];
}): ReactElement {
  const [card, setCard] = useState('');
  const [kind, setKind] = useState('');
  const [arrow, setArrow] = useState('');
  const shown = filterTimeline(entries, { card, kind, arrow }).slice(-200).reverse();
  const exportJson = () => {
    const url = URL.createObjectURL(new Blob([timelineJson(entries)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'neurosquad-canvas-timeline.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="ns-canvas-section" aria-label="Timeline">
      <h2 className="ns-canvas-section__title">Timeline</h2>
      <div className="ns-row">
        <select className="ns-select" aria-label="Timeline card" value={card} onChange={(e) => setCard(e.target.value)}>
          <option value="">All cards</option>
          {names.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <select className="ns-select" aria-label="Timeline kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">All but calls</option>
          <option value="all">All kinds</option>
          {TIMELINE_KINDS.map((each) => (
            <option key={each}>{each}</option>
          ))}
        </select>
        <select
          className="ns-select"
          aria-label="Timeline arrow"
          value={arrow}
          onChange={(e) => setArrow(e.target.value)}
        >
          <option value="">All arrows</option>
          {arrows.map((each) => (
            <option key={arrowKey(each)} value={arrowKey(each)}>
              {each.from} → {each.to}
            </option>
          ))}
        </select>
        <button type="button" className="ns-btn ns-btn--sm" onClick={exportJson}>
          Export timeline
        </button>
      </div>
      <ol className="ns-canvas-traffic ns-mono" aria-label="Traffic">
        {shown.map((entry) => (
          <li key={entry.seq} data-kind={entry.kind}>
            {describeTraffic(entry)}
          </li>
        ))}
      </ol>
    </section>
  );
}
