// Runs a story inside CardProvider on its own fresh mock host, and keeps the host in step with the toolbar.
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { CardProvider } from '../hooks/index.js';
import { createMockHost, type MockConfirmRequest, type MockHost } from '../src/testing/index.js';
import { hostOptionsFor, type NeurosquadGlobals, type NeurosquadParameters } from './parameters.js';
import { StoryCardFrame } from './StoryCardFrame.js';
import { useToolbarSync } from './toolbar-sync.js';
import { failStoryHost, publishStoryHost, StoryHostContext, type StoryHost } from './story-host.js';

/** Where a story's host stands, for tools that show it beside the story (a panel, a log). */
export interface CardHostStatus {
  /** The story the host belongs to. */
  storyId: string;
  /** The current frame (0 before the card first connects). */
  frame: number;
  /** Whether a card is connected in the current frame. */
  connected: boolean;
  /** Why the host or its `setup` failed, if it did. */
  error: string | null;
  /** Every confirmation the card asked for, oldest first. */
  confirms: readonly MockConfirmRequest[];
}

/** A story's host handed to `attach`: read its status, reload its card. */
export interface CardHostSession {
  /** The story's mock host. */
  host: MockHost;
  /** The host's current status. */
  status: () => CardHostStatus;
  /** Reloads the card in a new frame on the same host (a no-op before the first connect). */
  reload: () => Promise<void>;
  /** Calls `listener` after the host's records or the status changed (`host.subscribe`, connects, failures); returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

/** Runs beside each story's host from its creation to its close; returns a cleanup. */
export type CardHostAttach = (session: CardHostSession) => (() => void) | void;

/** The story a `CardHostFrame` hosts: its id, parameters, toolbar values and what runs beside it. */
export interface CardHostFrameProps {
  /** The story's id: play functions find the host under it (`storyHost({ id })`). */
  storyId: string;
  /** The story's `parameters.neurosquad`, read once on mount. */
  parameters?: NeurosquadParameters;
  /** The toolbar values: the start values go into the host, later changes are sent as app events. */
  globals?: NeurosquadGlobals;
  /** Runs beside the host (e.g. a panel that shows its records). */
  attach?: CardHostAttach;
  /**
   * Sets the toolbar to the values the host runs whenever they differ from `globals` (the story's parameters set
   * them, or a driver changed them); when the story closes, gets back the values picked on the toolbar.
   */
  onGlobals?: (globals: NeurosquadGlobals) => void;
  /** Draws the app's card frame (title, status, badge, overview, attention, menu) around the story. */
  framed?: boolean;
  /** The story. */
  children?: ReactNode;
}

/** A fresh `createMockHost()` and a `CardProvider` (with a fresh query cache per frame) around one story. */
export function CardHostFrame({
  storyId,
  parameters,
  globals = {},
  attach,
  onGlobals,
  framed = false,
  children,
}: CardHostFrameProps): ReactElement {
  const [host, setHost] = useState<MockHost | null>(null);
  const [frame, setFrame] = useState<StoryHost | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const start = useRef({ parameters, globals, attach });

  useEffect(() => {
    let live = true;
    const confirms: MockConfirmRequest[] = [];
    let current: StoryHost | null = null;
    let failure: string | null = null;
    const statusListeners = new Set<() => void>();
    const statusChanged = () => {
      for (const listener of [...statusListeners]) listener();
    };
    let created: MockHost;
    try {
      created = createMockHost(hostOptionsFor(start.current.parameters, start.current.globals, confirms));
    } catch (reason) {
      // A bad story manifest shows as the story's error instead of breaking the canvas.
      const err = reason instanceof Error ? reason : new Error(String(reason));
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the host is created in the effect, so is its error
      setError(err);
      return;
    }
    const open = async (n: number) => {
      const card = await created.connect();
      if (!live) return;
      const next: StoryHost = { host: created, card, frame: n, reload: () => open(n + 1) };
      current = next;
      setFrame(next);
      statusChanged();
    };
    const detach = start.current.attach?.({
      host: created,
      status: () => ({ storyId, frame: current?.frame ?? 0, connected: current !== null, error: failure, confirms }),
      reload: () => (current ? current.reload() : Promise.resolve()),
      subscribe: (listener) => {
        statusListeners.add(listener);
        const unsubscribe = created.subscribe(listener);
        return () => {
          statusListeners.delete(listener);
          unsubscribe();
        };
      },
    });
    setHost(created);
    // Inside the chain, so a setup that throws at once fails the story like one that rejects.
    Promise.resolve()
      .then(() => start.current.parameters?.setup?.(created))
      .then(() => open(1))
      .catch((reason: unknown) => {
        const err = reason instanceof Error ? reason : new Error(String(reason));
        failure = err.message;
        statusChanged();
        if (live) setError(err);
      });
    return () => {
      live = false;
      detach?.();
      publishStoryHost(storyId, null);
      created.close();
    };
  }, [storyId]);

  // Published after the commit, so a play function that awaits the host finds the story on screen.
  useEffect(() => {
    if (frame) publishStoryHost(storyId, frame);
  }, [storyId, frame]);
  useEffect(() => {
    if (error) failStoryHost(storyId, error);
  }, [storyId, error]);

  useToolbarSync(host, globals, onGlobals);

  if (error) {
    return (
      <pre role="alert" className="ns-callout ns-callout--danger">
        {error.message}
      </pre>
    );
  }
  if (!frame) return <p className="ns-muted">Connecting to the mock host…</p>;
  // Keyed by frame: a reload gets a fresh CardProvider and with it a fresh query cache.
  const card = (
    <CardProvider key={frame.frame} card={frame.card}>
      {children}
    </CardProvider>
  );
  return (
    <StoryHostContext.Provider value={frame}>
      {framed ? <StoryCardFrame host={frame.host}>{card}</StoryCardFrame> : card}
    </StoryHostContext.Provider>
  );
}
