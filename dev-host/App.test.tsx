import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { App } from './App.js';
import { FakeEventSource } from './host/fake-event-source.test-helper.js';

const manifest = {
  manifestVersion: 1,
  protocol: 1,
  name: 'app-test',
  displayName: 'App test',
  version: '1.0.0',
  entry: 'index.html',
  card: { defaultSize: { w: 300, h: 200 } },
};

const posts: { path: string; body: unknown }[] = [];
// Not about:blank: jsdom loads that by itself, a load the tests could not place.
const CARD_URL = 'http://127.0.0.1:1/secret/index.html';

/** A door an entry hands with its word: the MessagePort the host port goes through, its messages recorded. */
function door(): { port: MessagePort; handed: unknown[] } {
  const { port1, port2 } = new MessageChannel();
  port1.close();
  const handed: unknown[] = [];
  vi.spyOn(port2, 'postMessage').mockImplementation((message: unknown) => {
    handed.push(message);
  });
  return { port: port2, handed };
}

/** Renders the page and waits until it listens to the server's events. */
async function mount(): Promise<{ frame: HTMLIFrameElement; events: FakeEventSource }> {
  render(<App />);
  const frame = await screen.findByTitle<HTMLIFrameElement>('Card frame');
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
  return { frame, events: FakeEventSource.last as FakeEventSource };
}

beforeEach(() => {
  posts.length = 0;
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      if (path === '/__dev/session.json') {
        const session = {
          manifest,
          cardUrl: CARD_URL,
          cardOrigin: 'http://127.0.0.1:1',
          folder: '/cards/app-test',
          build: { ok: true },
          token: 'tok',
        };
        return Promise.resolve(new Response(JSON.stringify(session), { status: 200 }));
      }
      // The card's kept storage (.neurosquad-storage.json): none yet.
      if (path === '/__dev/storage?token=tok' && init?.method !== 'POST') {
        return Promise.resolve(new Response(JSON.stringify({ instance: {}, package: {}, findings: [] })));
      }
      posts.push({ path, body: JSON.parse(init?.body as string) as unknown });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('App', () => {
  it('frames the card from the session in a sandboxed iframe without allow-same-origin', async () => {
    const { frame, events } = await mount();
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    expect(frame).toHaveAttribute('src', CARD_URL);
    expect(screen.getByRole('region', { name: 'Card App test' })).toBeInTheDocument();
    expect(events.url).toBe('/__dev/events');
  });

  it('shows the build output in a banner while the build fails, and drops it once it passes', async () => {
    const { events } = await mount();
    act(() => events.send('build', { ok: false, output: 'src/main.ts:3 missing ;' }));
    expect(screen.getByRole('alert', { name: 'Build failed' })).toHaveTextContent('src/main.ts:3 missing ;');
    act(() => events.send('build', { ok: true }));
    expect(screen.queryByRole('alert', { name: 'Build failed' })).toBeNull();
  });

  it('reloads the frame by setting its src again when the server says a file changed, once its own load is done', async () => {
    const { frame, events } = await mount();
    const setSrc = vi.spyOn(HTMLIFrameElement.prototype, 'src', 'set');
    const entry = () =>
      act(() => {
        globalThis.dispatchEvent(
          new MessageEvent('message', {
            data: { neurosquadDev: 1, kind: 'entry' },
            source: frame.contentWindow,
            ports: [door().port],
          }),
        );
      });
    // Saved while the entry still loads: the frame is loaded again once it has settled (loaded, entry spoken).
    act(() => events.send('reload', { reason: 'src/main.js changed' }));
    expect(setSrc).not.toHaveBeenCalled();
    fireEvent.load(frame);
    expect(setSrc).not.toHaveBeenCalled();
    entry();
    expect(setSrc).toHaveBeenCalledTimes(1);
    expect(setSrc).toHaveBeenCalledWith(CARD_URL);
    entry();
    fireEvent.load(frame);
    act(() => events.send('reload', { reason: 'src/main.js changed' }));
    expect(setSrc).toHaveBeenCalledTimes(2);
    setSrc.mockRestore();
  });

  it('loads the entry again a few seconds after a reload held for a load that never comes', async () => {
    const { events } = await mount();
    vi.useFakeTimers();
    try {
      const setSrc = vi.spyOn(HTMLIFrameElement.prototype, 'src', 'set');
      act(() => events.send('reload', { reason: 'src/main.js changed' }));
      act(() => {
        vi.advanceTimersByTime(2999);
      });
      expect(setSrc).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(setSrc).toHaveBeenCalledWith(CARD_URL);
      setSrc.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands the host port once per load it asked for, to the entry as it starts; a frame that navigates itself gets none', async () => {
    const { frame, events } = await mount();
    // Each document of the frame (jsdom makes a new window when the page sets src again): nothing is ever posted to
    // it, since a window message may reach a page the frame has navigated to by then.
    const windows = new Map<Window, MockInstance<Window['postMessage']>>();
    // The doors each entry handed with its word, and what went through them.
    const doors: unknown[][] = [];
    const current = (): Window => {
      const window = frame.contentWindow as Window;
      if (!windows.has(window))
        windows.set(
          window,
          vi.spyOn(window, 'postMessage').mockImplementation(() => undefined),
        );
      return window;
    };
    const handed = () => doors.flat();
    // A page that posts as it goes away has no source left by the time the message arrives.
    const life = (kind: string) =>
      act(() => {
        const source = kind === 'leaving' ? null : current();
        const ports = kind === 'entry' ? [door()] : [];
        doors.push(...ports.map((entry) => entry.handed));
        globalThis.dispatchEvent(
          new MessageEvent('message', { data: { neurosquadDev: 1, kind }, source, ports: ports.map((p) => p.port) }),
        );
      });
    const reload = () => act(() => events.send('reload', { reason: 'src/main.js changed' }));
    const navigated = () => posts.filter((post) => JSON.stringify(post.body).includes('navigated away'));
    // The entry the page set says it started: handed the port at once, once.
    life('entry');
    expect(handed()).toEqual([expect.objectContaining({ ns: 'nscard', type: 'connect' })]);
    fireEvent.load(frame);
    // The frame went elsewhere by itself (a link, location, its own reload): whatever it says, no port, a finding.
    life('leaving');
    life('entry');
    fireEvent.load(frame);
    expect(handed()).toHaveLength(1);
    await waitFor(() => expect(navigated()).toHaveLength(1));
    expect(navigated()[0]?.path).toBe('/__dev/finding?token=tok');
    // The page's own reload (r, a saved file) is served again.
    reload();
    life('entry');
    fireEvent.load(frame);
    expect(handed()).toHaveLength(2);
    // An entry that leaves while it loads: reported; the page it went to gets no port.
    reload();
    life('leaving');
    life('entry');
    life('leaving');
    await waitFor(() => expect(navigated()).toHaveLength(2));
    life('entry');
    fireEvent.load(frame);
    expect(handed()).toHaveLength(3);
    expect(navigated()).toHaveLength(2);
    // The port only ever went through the doors.
    expect([...windows.values()].flatMap((spy) => spy.mock.calls)).toEqual([]);
  });

  it('hands no port to an entry that says it started without handing a door', async () => {
    const { frame } = await mount();
    const posted = vi.spyOn(frame.contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
    act(() => {
      globalThis.dispatchEvent(
        new MessageEvent('message', { data: { neurosquadDev: 1, kind: 'entry' }, source: frame.contentWindow }),
      );
    });
    expect(posted).not.toHaveBeenCalled();
    // The frame still waits for its entry: the one that hands a door is served.
    const { port, handed } = door();
    act(() => {
      globalThis.dispatchEvent(
        new MessageEvent('message', {
          data: { neurosquadDev: 1, kind: 'entry' },
          source: frame.contentWindow,
          ports: [port],
        }),
      );
    });
    expect(handed).toEqual([expect.objectContaining({ ns: 'nscard', type: 'connect' })]);
    expect(posted).not.toHaveBeenCalled();
  });

  it('rebuilds the host from a new manifest', async () => {
    const { events } = await mount();
    act(() => events.send('manifest', { manifest: { ...manifest, displayName: 'Renamed' } }));
    expect(await screen.findByRole('region', { name: 'Card Renamed' })).toBeInTheDocument();
  });

  it('posts what the frame reports to the dev server and lists it in the records', async () => {
    const { frame } = await mount();
    const report = {
      neurosquadDev: 1,
      kind: 'sandbox',
      message: 'blocked an inline script',
      file: 'index.html',
      line: 4,
    };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: report, source: frame.contentWindow }));
      // The same message from any other window is not the card's.
      window.dispatchEvent(new MessageEvent('message', { data: { ...report, message: 'forged' }, source: window }));
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { neurosquadDev: 1, kind: 'error', message: 'boom', stack: 'at x' },
          source: frame.contentWindow,
        }),
      );
    });
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts).toEqual([
      {
        path: '/__dev/finding?token=tok',
        body: { kind: 'sandbox', message: 'blocked an inline script', file: 'index.html', line: 4 },
      },
      { path: '/__dev/error?token=tok', body: { kind: 'error', message: 'boom', stack: 'at x' } },
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Records' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Record' }), 'Findings');
    const records = screen.getByRole('region', { name: 'Findings' });
    expect(records).toHaveTextContent('blocked an inline script');
    expect(records).toHaveTextContent('boom');
    expect(records).not.toHaveTextContent('forged');
  });
});
