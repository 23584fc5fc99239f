// The mock host behind each rendered story, for play functions and for story UIs that drive it.
import { createContext, useContext } from 'react';
import type { Card } from '../src/index.js';
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

interface Slot {
  current: StoryHost | null;
  failure: Error | null;
  waiters: (() => void)[];
}

const hosts = new Map<string, Slot>();

function slot(storyId: string): Slot {
  let entry = hosts.get(storyId);
  if (!entry) hosts.set(storyId, (entry = { current: null, failure: null, waiters: [] }));
  return entry;
}

function wake(entry: Slot): void {
  for (const resolve of entry.waiters.splice(0)) resolve();
}

/** Publishes a story's host once its card is connected and rendered (the decorator calls it). */
export function publishStoryHost(storyId: string, value: StoryHost | null): void {
  const entry = slot(storyId);
  entry.current = value;
  entry.failure = null;
  if (value) wake(entry);
}

/** Records that a story's host could not start, so nothing waits for it forever. */
export function failStoryHost(storyId: string, failure: Error): void {
  const entry = slot(storyId);
  entry.failure = failure;
  wake(entry);
}

/** Resolves once the story's card is connected and rendered, or its host failed to start. */
export function storyHostSettled(storyId: string): Promise<void> {
  const entry = slot(storyId);
  if (entry.current || entry.failure) return Promise.resolve();
  return new Promise((resolve) => entry.waiters.push(resolve));
}

/** Resolves with the story's host once its card is connected; play functions start with it. */
export async function storyHost(context: { id: string }): Promise<StoryHost> {
  await storyHostSettled(context.id);
  const entry = slot(context.id);
  if (!entry.current) throw entry.failure ?? new Error(`the story ${context.id} has no mock host`);
  return entry.current;
}

/** React access to the story's host from inside a story. */
export const StoryHostContext = createContext<StoryHost | null>(null);

/** The story's host, for story UIs that drive it (buttons that play the app's part). */
export function useStoryHost(): StoryHost {
  const value = useContext(StoryHostContext);
  if (!value) throw new Error('useStoryHost() runs only inside a story rendered by the neurosquad decorator');
  return value;
}
