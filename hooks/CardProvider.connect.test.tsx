import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card, ConnectOptions } from '../src/index.js';
import { CardProvider } from './CardProvider.js';
import { connectMock, methodsCalled, settle } from './mock-card.test-helpers.js';
import { useStorage } from './useStorage.js';
import { useVisibility } from './useVisibility.js';

// connect() is replaced by one that counts its calls and hands out a card connected to a mock host.
const connecting = vi.hoisted(() => ({ calls: [] as unknown[], next: null as (() => Promise<Card>) | null }));
vi.mock('../src/index.js', async (importOriginal) => {
  const core = await importOriginal<typeof import('../src/index.js')>();
  return {
    ...core,
    connect: (options?: ConnectOptions) => {
      connecting.calls.push(options);
      return connecting.next ? connecting.next() : core.connect(options);
    },
  };
});

function Notes() {
  const [notes] = useStorage('notes', '', { scope: 'package' });
  return <p>{`${useVisibility()} ${notes}`}</p>;
}

describe('CardProvider connecting by itself', () => {
  beforeEach(() => {
    connecting.calls = [];
    connecting.next = null;
  });

  it('connects once in StrictMode, subscribes once and removes the subscription on unmount', async () => {
    const { host, card } = await connectMock();
    // The mock host connects through the same entry: only the provider's own calls count.
    connecting.calls = [];
    host.storage.package.set('notes', 'kept');
    connecting.next = () => Promise.resolve(card);
    const options = { timeoutMs: 500 };
    const { unmount } = render(
      <StrictMode>
        <CardProvider connectOptions={options} fallback={<p>Connecting…</p>}>
          <Notes />
        </CardProvider>
      </StrictMode>,
    );
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    expect(await screen.findByText('visible kept')).toBeInTheDocument();
    expect(connecting.calls).toEqual([options]);
    await settle();
    expect(methodsCalled(host, 'events.subscribe')).toHaveLength(1);

    unmount();
    await settle();
    expect(methodsCalled(host, 'events.unsubscribe')).toHaveLength(1);
    expect(host.subscriptions.size).toBe(0);
  });

  it('turns a rejection that is not an Error into a CardSdkError with its text', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the case under test
    connecting.next = () => Promise.reject('no frame here');
    render(
      <CardProvider errorFallback={(error) => <p role="alert">{`${error.code}: ${error.message}`}</p>}>
        <Notes />
      </CardProvider>,
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^INTERNAL: .*no frame here/));
  });
});
