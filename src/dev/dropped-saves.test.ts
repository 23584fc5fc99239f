import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passDroppedSaves, WATCHER_CHANGE_WINDOW_MS } from './dropped-saves.js';

const FILE = '/card/src/Counter.tsx';

describe('saves the file watcher drops', () => {
  let watcher: EventEmitter;
  let changes: string[];
  let dropped: ReturnType<typeof passDroppedSaves>;

  beforeEach(() => {
    vi.useFakeTimers();
    watcher = new EventEmitter();
    changes = [];
    watcher.on('change', (file: string) => changes.push(file));
    dropped = passDroppedSaves(watcher, () => Date.now());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes on a save that came within the window after the watcher passed one on, once the window is over', () => {
    dropped.saw(FILE);
    watcher.emit('change', FILE);
    vi.advanceTimersByTime(30);
    // The second save: the watcher drops it (it is inside its window), dev's folder watch sees it.
    dropped.saw(FILE);
    vi.advanceTimersByTime(WATCHER_CHANGE_WINDOW_MS - 31);
    expect(changes).toEqual([FILE]);
    vi.advanceTimersByTime(10);
    expect(changes).toEqual([FILE, FILE]);
    vi.advanceTimersByTime(1_000);
    expect(changes).toEqual([FILE, FILE]);
  });

  it('passes on nothing for saves the watcher passes on itself', () => {
    dropped.saw(FILE);
    watcher.emit('change', FILE);
    vi.advanceTimersByTime(200);
    dropped.saw(FILE);
    watcher.emit('change', FILE);
    vi.advanceTimersByTime(1_000);
    expect(changes).toEqual([FILE, FILE]);
  });

  it('passes on one change for several dropped saves, and none when a newer one got through', () => {
    watcher.emit('change', FILE);
    vi.advanceTimersByTime(10);
    dropped.saw(FILE);
    vi.advanceTimersByTime(10);
    dropped.saw(FILE);
    vi.advanceTimersByTime(100);
    expect(changes).toEqual([FILE, FILE]);

    watcher.emit('change', '/card/src/App.tsx');
    dropped.saw('/card/src/App.tsx');
    vi.advanceTimersByTime(20);
    watcher.emit('change', '/card/src/App.tsx');
    vi.advanceTimersByTime(100);
    expect(changes).toEqual([FILE, FILE, '/card/src/App.tsx', '/card/src/App.tsx']);
  });

  it('passes on nothing once stopped', () => {
    watcher.emit('change', FILE);
    dropped.saw(FILE);
    dropped.stop();
    vi.advanceTimersByTime(1_000);
    expect(changes).toEqual([FILE]);
  });
});
