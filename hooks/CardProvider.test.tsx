import { QueryClient } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CardProvider } from './CardProvider.js';
import { connectMock, methodsCalled, providerFor, settle } from './mock-card.test-helpers.js';
import { cardQueryKeys } from './query-keys.js';
import { useCard } from './useCard.js';
import { useCardContext } from './useCardContext.js';
import { useStorage } from './useStorage.js';
import { useVisibility } from './useVisibility.js';

function Visibility() {
  return <p>visibility {useVisibility()}</p>;
}

describe('CardProvider', () => {
  it('renders the children at once with a connected card', async () => {
    const { card } = await connectMock();
    render(
      <CardProvider card={card} fallback={<p>Connecting…</p>}>
        <Visibility />
      </CardProvider>,
    );
    expect(screen.getByText('visibility visible')).toBeInTheDocument();
    expect(screen.queryByText('Connecting…')).toBeNull();
  });

  it('shows the fallback, then the error message in a <pre> when connecting fails', async () => {
    // jsdom's window is its own parent, so connect() refuses: "not inside a NeuroSquad card frame".
    render(
      <CardProvider fallback={<p>Connecting…</p>}>
        <Visibility />
      </CardProvider>,
    );
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    const shown = await screen.findByText(/not inside a NeuroSquad card frame/);
    expect(shown.tagName).toBe('PRE');
    expect(shown).toHaveStyle({ whiteSpace: 'pre-wrap', padding: '12px' });
    expect(shown.textContent).toContain('[UNAVAILABLE]');
  });

  it('hands the CardSdkError to errorFallback', async () => {
    render(
      <CardProvider errorFallback={(error) => <p role="alert">{`${error.name} ${error.code}`}</p>}>
        <Visibility />
      </CardProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('CardSdkError UNAVAILABLE');
  });

  it('passes connectOptions to connect()', async () => {
    // Nobody answers on this port, so host.ready runs out of time: the port and the timeout were used.
    const channel = new MessageChannel();
    render(
      <CardProvider
        connectOptions={{ port: channel.port2, timeoutMs: 50, theme: false }}
        errorFallback={(error) => <p>{error.code}</p>}
      >
        <Visibility />
      </CardProvider>,
    );
    expect(await screen.findByText('TIMEOUT')).toBeInTheDocument();
    channel.port1.close();
  });

  it('shares a given QueryClient with the app', async () => {
    const { host, card } = await connectMock();
    host.storage.instance.set('notes', 'hi');
    const queryClient = new QueryClient();
    const { result } = renderHook(() => useStorage('notes', ''), { wrapper: providerFor(card, { queryClient }) });
    await waitFor(() => expect(result.current[0]).toBe('hi'));
    expect(queryClient.getQueryData(cardQueryKeys.storage('instance', 'notes'))).toEqual({ exists: true, value: 'hi' });
  });

  it('makes its own QueryClient when none is given', async () => {
    const { host, card } = await connectMock();
    host.storage.instance.set('notes', 'own');
    function Notes() {
      return <p>{useStorage('notes', '')[0] || 'empty'}</p>;
    }
    render(
      <CardProvider card={card}>
        <Notes />
      </CardProvider>,
    );
    expect(await screen.findByText('own')).toBeInTheDocument();
  });

  it('stops following the context after unmount and leaves no host subscription', async () => {
    const { host, card } = await connectMock();
    function Both() {
      useStorage('notes', '', { scope: 'package' });
      return <Visibility />;
    }
    const { unmount } = render(
      <StrictMode>
        <CardProvider card={card}>
          <Both />
        </CardProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(host.subscriptions.has('storage.changed')).toBe(true));
    unmount();
    await settle();
    expect(host.subscriptions.size).toBe(0);
    expect(methodsCalled(host, 'events.subscribe')).toHaveLength(1);
    expect(methodsCalled(host, 'events.unsubscribe')).toHaveLength(1);
    act(() => host.setVisibility('hidden'));
    await waitFor(() => expect(card.context.visibility).toBe('hidden'));
  });

  it('follows the context with one listener in StrictMode and removes it on unmount', async () => {
    const { host, card } = await connectMock();
    let active = 0;
    const follow = card.onContextChange.bind(card);
    card.onContextChange = (listener) => {
      active += 1;
      const off = follow(listener);
      return () => {
        active -= 1;
        off();
      };
    };
    function Whole() {
      const context = useCardContext();
      return <p>{`${context.visibility} ${context.expanded}`}</p>;
    }
    const { unmount } = render(
      <StrictMode>
        <CardProvider card={card}>
          <Whole />
        </CardProvider>
      </StrictMode>,
    );
    expect(active).toBe(1);
    act(() => host.setExpanded(true));
    expect(await screen.findByText('visible true')).toBeInTheDocument();
    unmount();
    expect(active).toBe(0);
  });

  it('is typed to return an element, which React 18 and 19 type definitions accept in JSX', () => {
    expectTypeOf(CardProvider).returns.toEqualTypeOf<ReactElement>();
  });

  it('useCard throws the published message without a provider', () => {
    expect(() => renderHook(() => useCard())).toThrow(new Error('useCard() must be used inside <CardProvider>'));
  });
});
