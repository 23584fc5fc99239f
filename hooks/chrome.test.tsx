import { act, render, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockChrome } from '../src/testing/index.js';
import { connectMock, methodsCalled, providerFor, settle } from './mock-card.test-helpers.js';
import { useBadge } from './useBadge.js';
import { useMenu } from './useMenu.js';
import { useOverview } from './useOverview.js';
import { useStatus } from './useStatus.js';
import { useTitle } from './useTitle.js';

describe('declarative chrome', () => {
  it('shows title, status, badge and overview while mounted and clears them on unmount', async () => {
    const { host, card } = await connectMock();
    const { unmount } = renderHook(
      () => {
        useTitle('Tests');
        useStatus('Running…', { busy: true });
        useBadge(3, { tone: 'danger' });
        useOverview({ primary: '3 failing', progress: 0.5 });
      },
      { wrapper: providerFor(card) },
    );
    await waitFor(() => expect(host.chrome.overview).toEqual({ primary: '3 failing', progress: 0.5 }));
    expect(host.chrome.title).toEqual({ title: 'Tests' });
    expect(host.chrome.status).toEqual({ text: 'Running…', busy: true });
    expect(host.chrome.badge).toEqual({ count: 3, text: null, tone: 'danger' });
    await waitFor(() => expect(card.context.chrome?.badge).toEqual({ count: 3, text: null, tone: 'danger' }));

    unmount();
    await waitFor(() => expect(host.chrome.overview).toEqual({ primary: null, secondary: null, progress: null }));
    await waitFor(() => expect(host.chrome.status).toEqual({ text: null }));
    expect(host.chrome.title).toEqual({ title: null });
    expect(host.chrome.badge).toEqual({ count: null, text: null });
  });

  it('sends again only when the value changes', async () => {
    const { host, card } = await connectMock();
    let text: string | null = 'one';
    const { rerender } = renderHook(() => useStatus(text), { wrapper: providerFor(card) });
    await waitFor(() => expect(host.chrome.status).toEqual({ text: 'one' }));
    rerender();
    rerender();
    await settle();
    expect(methodsCalled(host, 'card.setStatus')).toHaveLength(1);
    text = null;
    rerender();
    await waitFor(() => expect(host.chrome.status).toEqual({ text: null }));
  });

  it('sends once in StrictMode, without clearing in between, and clears once on unmount', async () => {
    const { host, card } = await connectMock();
    const { unmount } = renderHook(() => useTitle('Strict'), { wrapper: providerFor(card, { strict: true }) });
    await settle(10);
    expect(host.chrome.title).toEqual({ title: 'Strict' });
    expect(host.calls.filter((call) => call.method === 'card.setTitle').map((call) => call.params)).toEqual([
      { title: 'Strict' },
    ]);
    unmount();
    await waitFor(() => expect(host.chrome.title).toEqual({ title: null }));
    await settle();
    expect(methodsCalled(host, 'card.setTitle')).toHaveLength(2);
  });

  it('puts a refused value in error', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => useStatus('x'.repeat(500)), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.error?.code).toBe('INVALID_PARAMS'));
    expect(result.current.error?.method).toBe('card.setStatus');
  });
});

describe('useMenu', () => {
  it('sets the menu, runs the latest onSelect and empties the menu on unmount', async () => {
    const { host, card } = await connectMock();
    const picked: string[] = [];
    let version = 'v1';
    const { rerender, unmount } = renderHook(
      () => useMenu([{ id: 'refresh', label: 'Refresh', onSelect: () => picked.push(version) }]),
      { wrapper: providerFor(card) },
    );
    await waitFor(() =>
      expect((host.chrome.menu as { label: string }[]).map((item) => item.label)).toEqual(['Refresh']),
    );
    version = 'v2';
    rerender();
    act(() => host.emit('ui.menu', { id: 'refresh' }));
    await waitFor(() => expect(picked).toEqual(['v2']));
    expect(methodsCalled(host, 'ui.setMenu')).toHaveLength(1);
    unmount();
    await waitFor(() => expect(host.chrome.menu).toEqual([]));
  });
});

// Each chrome hook with two values for the same field, and what the mock records for each.
const fields = [
  {
    name: 'useTitle',
    field: 'title',
    method: 'card.setTitle',
    use: (which: string) => useTitle(which),
    shows: (which: string) => ({ title: which }),
    cleared: { title: null },
  },
  {
    name: 'useStatus',
    field: 'status',
    method: 'card.setStatus',
    use: (which: string) => useStatus(which),
    shows: (which: string) => ({ text: which }),
    cleared: { text: null },
  },
  {
    name: 'useBadge',
    field: 'badge',
    method: 'card.setBadge',
    use: (which: string) => useBadge(which),
    shows: (which: string) => ({ count: null, text: which }),
    cleared: { count: null, text: null },
  },
  {
    name: 'useOverview',
    field: 'overview',
    method: 'card.setOverview',
    use: (which: string) => useOverview({ primary: which }),
    shows: (which: string) => ({ primary: which }),
    cleared: { primary: null, secondary: null, progress: null },
  },
  {
    name: 'useMenu',
    field: 'menu',
    method: 'ui.setMenu',
    use: (which: string) => useMenu([{ id: which, label: which }]),
    shows: (which: string) => [{ id: which, label: which }],
    cleared: [],
  },
] as const;

const fieldRuns = fields.flatMap((entry) => [
  { ...entry, strict: false },
  { ...entry, strict: true },
]);

describe.each(fieldRuns)('$name with two components on the same field (StrictMode: $strict)', (run) => {
  const { field, method, use, shows, cleared, strict } = run;
  function Setter({ which }: { which: string }) {
    use(which);
    return null;
  }
  function Tree({ first, second }: { first: boolean; second: boolean }) {
    return (
      <>
        {first && <Setter which="first" />}
        {second && <Setter which="second" />}
      </>
    );
  }
  const shown = (chrome: MockChrome): unknown => chrome[field];

  async function mountBoth() {
    const { host, card } = await connectMock();
    const wrapper = providerFor(card, { strict });
    const view = render(<Tree first second={false} />, { wrapper });
    await waitFor(() => expect(shown(host.chrome)).toEqual(shows('first')));
    view.rerender(<Tree first second />);
    await waitFor(() => expect(shown(host.chrome)).toEqual(shows('second')));
    return { host, view };
  }

  it('keeps the later value when the earlier component unmounts', async () => {
    const { host, view } = await mountBoth();
    const sent = methodsCalled(host, method).length;
    view.rerender(<Tree first={false} second />);
    await settle(10);
    expect(shown(host.chrome)).toEqual(shows('second'));
    expect(methodsCalled(host, method)).toHaveLength(sent);

    view.unmount();
    await waitFor(() => expect(shown(host.chrome)).toEqual(cleared));
  });

  it('brings the earlier value back when the later component unmounts first', async () => {
    const { host, view } = await mountBoth();
    view.rerender(<Tree first second={false} />);
    await waitFor(() => expect(shown(host.chrome)).toEqual(shows('first')));

    view.unmount();
    await waitFor(() => expect(shown(host.chrome)).toEqual(cleared));
  });
});
