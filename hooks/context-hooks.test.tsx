import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectMock, providerFor } from './mock-card.test-helpers.js';
import { useCard } from './useCard.js';
import { useCardContext } from './useCardContext.js';
import { useExpanded } from './useExpanded.js';
import { useLanguage } from './useLanguage.js';
import { usePaused } from './usePaused.js';
import { usePeers } from './usePeers.js';
import { useTheme } from './useTheme.js';
import { useVisibility } from './useVisibility.js';

describe('context hooks', () => {
  it('read the card context and follow host events', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(
      () => ({
        card: useCard(),
        visibility: useVisibility(),
        paused: usePaused(),
        expanded: useExpanded(),
        language: useLanguage(),
        theme: useTheme(),
        peers: usePeers(),
        name: useCardContext((context) => context.instance.name),
      }),
      { wrapper: providerFor(card) },
    );
    expect(result.current.card).toBe(card);
    expect(result.current).toMatchObject({ visibility: 'visible', paused: false, expanded: false, language: 'en' });
    expect(result.current.name).toBe('hook-test');
    expect(result.current.theme.scheme).toBe('dark');
    expect(result.current.peers).toEqual([]);

    act(() => host.setVisibility('overview'));
    await waitFor(() => expect(result.current.visibility).toBe('overview'));
    expect(result.current.paused).toBe(true);

    act(() => host.setExpanded(true));
    await waitFor(() => expect(result.current.expanded).toBe(true));

    act(() => host.setLanguage('ru'));
    await waitFor(() => expect(result.current.language).toBe('ru'));

    const peer = {
      cardId: 'note-1',
      kind: 'note',
      name: 'Notes',
      direction: 'downstream' as const,
      inputs: [],
      outputs: [],
    };
    act(() => host.setPeers([peer]));
    await waitFor(() => expect(result.current.peers.map((p) => p.cardId)).toEqual(['note-1']));
  });

  it('counts hidden as paused', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => usePaused(), { wrapper: providerFor(card) });
    act(() => host.setVisibility('hidden'));
    await waitFor(() => expect(result.current).toBe(true));
    act(() => host.setVisibility('visible'));
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('re-renders a visibility reader on visibility changes only, not on theme changes', async () => {
    const { host, card } = await connectMock();
    let renders = 0;
    function VisibilityOnly() {
      renders += 1;
      return <p>{useVisibility()}</p>;
    }
    function ThemeReader() {
      return <p>theme {useTheme().scheme}</p>;
    }
    render(
      <>
        <VisibilityOnly />
        <ThemeReader />
      </>,
      { wrapper: providerFor(card) },
    );
    const before = renders;
    act(() => host.setTheme({ ...card.context.theme, scheme: 'light' }));
    await screen.findByText('theme light');
    expect(renders).toBe(before);

    act(() => host.setVisibility('hidden'));
    await screen.findByText('hidden');
    expect(renders).toBe(before + 1);
  });

  it('a selector that builds objects re-renders only when the built value changes', async () => {
    const { host, card } = await connectMock();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useCardContext(
          (context) => ({ language: context.i18n.language }),
          (a, b) => a.language === b.language,
        );
      },
      { wrapper: providerFor(card) },
    );
    const before = renders;
    act(() => host.setVisibility('hidden'));
    await waitFor(() => expect(card.context.visibility).toBe('hidden'));
    expect(renders).toBe(before);
    act(() => host.setLanguage('zh'));
    await waitFor(() => expect(result.current.language).toBe('zh'));
  });

  it('throws an error naming CardProvider outside a provider', () => {
    expect(() => renderHook(() => useCard())).toThrow('useCard() must be used inside <CardProvider>');
    expect(() => renderHook(() => useVisibility())).toThrow(/useVisibility\(\) must be used inside <CardProvider>/);
  });
});
