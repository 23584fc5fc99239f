import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('ends with the value shown in StrictMode', async () => {
    const { host, card } = await connectMock();
    renderHook(() => useTitle('Strict'), { wrapper: providerFor(card, { strict: true }) });
    await settle(10);
    expect(host.chrome.title).toEqual({ title: 'Strict' });
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
    await waitFor(() => expect((host.chrome.menu as { label: string }[]).map((item) => item.label)).toEqual(['Refresh']));
    version = 'v2';
    rerender();
    act(() => host.emit('ui.menu', { id: 'refresh' }));
    await waitFor(() => expect(picked).toEqual(['v2']));
    expect(methodsCalled(host, 'ui.setMenu')).toHaveLength(1);
    unmount();
    await waitFor(() => expect(host.chrome.menu).toEqual([]));
  });
});
