import { describe, expect, it } from 'vitest';
import { createFrameLoads } from './frame-loads.js';

describe('createFrameLoads', () => {
  it('serves the entry of the load the page asked for, once, and reports a frame that navigates itself', () => {
    const loads = createFrameLoads();
    expect(loads.message('entry')).toBe('serve');
    expect(loads.message('entry')).toBeNull();
    expect(loads.load()).toBe('own');
    // The served entry leaves by itself: reported once, the page it went to gets nothing and its load is not news.
    expect(loads.message('leaving')).toBe('navigated');
    expect(loads.message('entry')).toBeNull();
    expect(loads.load()).toBe('own');
    // A load the page did not ask for is a page the frame went to.
    expect(loads.load()).toBe('navigated');
  });

  it('takes the load it asked for as its own when the entry’s word comes a moment after it, and serves that word', () => {
    const loads = createFrameLoads();
    expect(loads.load()).toBe('own');
    expect(loads.message('entry')).toBe('serve');
    // Only once: the next load is not the page's.
    expect(loads.load()).toBe('navigated');
    expect(loads.message('entry')).toBeNull();
  });

  it('holds a reload until the frame has settled: its load came and its entry said it started', () => {
    const loads = createFrameLoads();
    expect(loads.heldReload()).toBeNull();
    // A file saved while the first document still loads: setting src now would let that document's late word (or
    // load) be taken for the new one's, and the new document would get no port.
    expect(loads.reload()).toBe(false);
    expect(loads.heldReload()).toBe('waiting');
    expect(loads.load()).toBe('own');
    expect(loads.heldReload()).toBe('waiting');
    expect(loads.message('entry')).toBe('serve');
    expect(loads.heldReload()).toBe('due');
    expect(loads.release()).toBe(true);
    expect(loads.heldReload()).toBeNull();
    expect(loads.release()).toBe(false);
    // The page sets src: the old document's leaving is not a navigation, the new entry is served.
    loads.expect();
    expect(loads.message('leaving')).toBeNull();
    expect(loads.message('entry')).toBe('serve');
    expect(loads.load()).toBe('own');
    // Settled, a reload is the page's to do at once.
    expect(loads.reload()).toBe(true);
    expect(loads.heldReload()).toBeNull();
  });

  it('lets a held reload go when the page stops waiting for a frame that never settles', () => {
    const loads = createFrameLoads();
    expect(loads.reload()).toBe(false);
    expect(loads.release()).toBe(true);
    loads.expect();
    expect(loads.message('entry')).toBe('serve');
    expect(loads.load()).toBe('own');
    expect(loads.heldReload()).toBeNull();
  });
});
