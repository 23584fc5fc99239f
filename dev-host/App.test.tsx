import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';

const manifest = {
  manifestVersion: 1,
  protocol: 1,
  name: 'app-test',
  displayName: 'App test',
  version: '1.0.0',
  entry: 'index.html',
  card: { defaultSize: { w: 300, h: 200 } },
};

/** Stands in for the dev server's event stream: the test sends its events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
}

const posts: { path: string; body: unknown }[] = [];

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
          cardUrl: 'about:blank',
          cardOrigin: 'http://127.0.0.1:1',
          folder: '/cards/app-test',
          build: { ok: true },
          token: 'tok',
        };
        return Promise.resolve(new Response(JSON.stringify(session), { status: 200 }));
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
    expect(frame).toHaveAttribute('src', 'about:blank');
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

  it('reloads the frame by setting its src again when the server says a file changed', async () => {
    const { events } = await mount();
    const setSrc = vi.spyOn(HTMLIFrameElement.prototype, 'src', 'set');
    act(() => events.send('reload', { reason: 'src/main.js changed' }));
    expect(setSrc).toHaveBeenCalledWith('about:blank');
    setSrc.mockRestore();
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
