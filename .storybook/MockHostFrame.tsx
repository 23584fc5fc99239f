// Runs a story inside CardProvider on its own fresh mock host, and keeps the host in step with the toolbar.
import { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Card } from '../src/client/card.js';
import { createMockHost, type MockConfirmRequest, type MockHost } from '../src/testing/index.js';
import { CardProvider } from '../hooks/index.js';
import { bridgeHostToPanel } from './host-panel/bridge.js';
import {
  hostOptionsFor,
  themeOf,
  type NeurosquadGlobals,
  type NeurosquadParameters,
} from './neurosquad-parameters.js';
import { failStoryHost, publishStoryHost, StoryHostContext, type StoryHost } from './story-host.js';

/** A query cache per frame, with no retries so a story's errors show at once. */
function freshQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

interface Frame extends StoryHost {
  queryClient: QueryClient;
}

/** Calls `apply` when a toolbar value changes after the story mounted (the start value went into the host options). */
function useToolbarDriver<T>(value: T | undefined, host: MockHost | null, apply: (host: MockHost, value: T) => void) {
  const first = useRef(value);
  useEffect(() => {
    if (!host || value === undefined || value === first.current) return;
    first.current = value;
    apply(host, value);
  }, [host, value]);
}

/** The props of the decorator's frame. */
export interface MockHostFrameProps {
  storyId: string;
  parameters: NeurosquadParameters | undefined;
  globals: NeurosquadGlobals;
  children: ReactNode;
}

/** A fresh `createMockHost()` + `CardProvider` (fresh QueryClient) around one story. */
export function MockHostFrame({ storyId, parameters, globals, children }: MockHostFrameProps) {
  const [host, setHost] = useState<MockHost | null>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const start = useRef({ parameters, globals });

  useEffect(() => {
    let live = true;
    const confirms: MockConfirmRequest[] = [];
    let current: Frame | null = null;
    let failure: string | null = null;
    let created: MockHost;
    try {
      created = createMockHost(hostOptionsFor(start.current.parameters, start.current.globals, confirms));
    } catch (reason) {
      // A bad story manifest shows as the story's error instead of breaking the canvas.
      const err = reason instanceof Error ? reason : new Error(String(reason));
      setError(err);
      return;
    }
    const open = async (n: number) => {
      const card: Card = await created.connect();
      if (!live) return;
      const next: Frame = { host: created, card, frame: n, queryClient: freshQueryClient(), reload: () => open(n + 1) };
      current = next;
      setFrame(next);
    };
    const unbridge = bridgeHostToPanel(
      created,
      () => ({ storyId, frame: current?.frame ?? 0, connected: current !== null, error: failure, confirms }),
      () => (current ? current.reload() : Promise.resolve()),
    );
    setHost(created);
    Promise.resolve(start.current.parameters?.setup?.(created))
      .then(() => open(1))
      .catch((reason: unknown) => {
        const err = reason instanceof Error ? reason : new Error(String(reason));
        failure = err.message;
        if (live) setError(err);
      });
    return () => {
      live = false;
      unbridge();
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

  useToolbarDriver(globals.nsTheme, host, (h, theme) => h.setTheme(themeOf(theme)));
  useToolbarDriver(globals.nsLanguage, host, (h, language) => h.setLanguage(language));
  useToolbarDriver(globals.nsVisibility, host, (h, visibility) => h.setVisibility(visibility));

  if (error) {
    return (
      <pre role="alert" className="ns-callout ns-callout--danger">
        {error.message}
      </pre>
    );
  }
  if (!frame) return <p className="ns-muted">Connecting to the mock host…</p>;
  return (
    <StoryHostContext.Provider value={frame}>
      <CardProvider key={frame.frame} card={frame.card} queryClient={frame.queryClient}>
        {children}
      </CardProvider>
    </StoryHostContext.Provider>
  );
}
