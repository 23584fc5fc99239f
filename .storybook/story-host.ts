// The mock host behind each rendered story, for play functions and for story UIs that drive it.
import { createContext, useContext } from 'react';
import type { Card } from '../src/client/card.js';
import type { MockHost } from '../src/testing/index.js';

/** The story's host and its current frame. */
export interface StoryHost {
  /** The story's mock host (fresh per story mount). */
  host: MockHost;
  /** The card connected in the current frame. */
  card: Card;
  /** Counts up on every reload. */
  frame: number;
  /** Reloads the card: a new frame on the same host, so storage, agents and records survive. */
  reload: () => Promise<void>;
}

const hosts = new Map<string, { current: StoryHost | null; waiters: ((value: StoryHost) => void)[] }>();

function slot(storyId: string) {
  let entry = hosts.get(storyId);
  if (!entry) hosts.set(storyId, (entry = { current: null, waiters: [] }));
  return entry;
}

/** Publishes a story's host once its card is connected (called by the decorator). */
export function publishStoryHost(storyId: string, value: StoryHost | null): void {
  const entry = slot(storyId);
  entry.current = value;
  if (!value) return;
  for (const resolve of entry.waiters.splice(0)) resolve(value);
}

/** Resolves with the story's host once its card is connected; play functions start with it. */
export function storyHost(context: { id: string }): Promise<StoryHost> {
  const entry = slot(context.id);
  if (entry.current) return Promise.resolve(entry.current);
  return new Promise((resolve) => entry.waiters.push(resolve));
}

/** React access to the story's host from inside a story. */
export const StoryHostContext = createContext<StoryHost | null>(null);

/** The story's host, for story UIs that drive it (buttons that play the app's part). */
export function useStoryHost(): StoryHost {
  const value = useContext(StoryHostContext);
  if (!value) throw new Error('useStoryHost() runs only inside a story rendered by the neurosquad decorator');
  return value;
}
