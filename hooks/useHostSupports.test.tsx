import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../src/index.js';
import { connectMock, methodsCalled, providerFor, settle } from './mock-card.test-helpers.js';
import { useHostSupports } from './useHostSupports.js';

describe('useHostSupports', () => {
  it('says which methods the app implements, asking the app once for every reader', async () => {
    const { host, card } = await connectMock();
    host.handle('host.capabilities', () => ({ protocol: 1, methods: ['agents.usage'], events: [] }));
    const { result } = renderHook(
      () => ({ usage: useHostSupports('agents.usage'), timeline: useHostSupports('agents.timeline') }),
      { wrapper: providerFor(card, { strict: true }) },
    );
    expect(result.current.usage).toEqual({ supported: null, error: null });
    await waitFor(() => expect(result.current.usage.supported).toBe(true));
    await waitFor(() => expect(result.current.timeline.supported).toBe(false));
    await settle();
    expect(methodsCalled(host, 'host.capabilities')).toHaveLength(1);
  });

  it('puts a failed read in error as a CardSdkError naming host.capabilities', async () => {
    const { host, card } = await connectMock();
    host.handle('host.capabilities', () => {
      throw new CardSdkError('INTERNAL', 'capabilities are not ready');
    });
    const { result } = renderHook(() => useHostSupports('agents.usage'), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current.error?.code).toBe('INTERNAL'));
    expect(result.current.error?.method).toBe('host.capabilities');
    expect(result.current.supported).toBeNull();
  });
});
