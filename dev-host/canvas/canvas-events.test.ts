import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../host/fake-event-source.test-helper.js';
import { listenDevEvents } from '../host/dev-server.js';
import { createCanvasEvents } from './canvas-events.js';

beforeEach(() => {
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

const handlers = () => ({ reload: vi.fn(), manifest: vi.fn(), build: vi.fn(), finding: vi.fn() });

describe('the canvas page’s one event stream', () => {
  it('opens one stream when the first card listens, and gives each card only its own events', () => {
    const events = createCanvasEvents('t k');
    expect(FakeEventSource.last).toBeNull();
    const radar = handlers();
    const reader = handlers();
    listenDevEvents(radar, events.forCard(0));
    const stopReader = listenDevEvents(reader, events.forCard(1));
    const stream = FakeEventSource.last as unknown as FakeEventSource;
    expect(stream.url).toBe('/__dev/canvas-events?token=t%20k');

    stream.send('reload', { card: 1, data: { reason: 'main.js changed' } });
    stream.send('build', { card: 0, data: { ok: false, output: 'boom' } });
    expect(reader.reload).toHaveBeenCalledWith('main.js changed');
    expect(radar.reload).not.toHaveBeenCalled();
    expect(radar.build).toHaveBeenCalledWith({ ok: false, output: 'boom' });
    expect(reader.build).not.toHaveBeenCalled();

    // A card that stops listening leaves the stream to the others.
    stopReader();
    stream.send('reload', { card: 1, data: { reason: 'again' } });
    stream.send('reload', { card: 0, data: { reason: 'radar' } });
    expect(reader.reload).toHaveBeenCalledTimes(1);
    expect(radar.reload).toHaveBeenCalledWith('radar');
    expect(stream.closed).toBe(false);

    events.close();
    expect(stream.closed).toBe(true);
    // The next listener opens it again.
    listenDevEvents(handlers(), events.forCard(0));
    expect(FakeEventSource.last).not.toBe(stream);
  });
});
