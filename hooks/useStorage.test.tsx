import { act, renderHook, waitFor } from '@testing-library/react';
import { CardSdkError, type JsonValue } from '../src/index.js';
import { describe, expect, it } from 'vitest';
import { connectMock, methodsCalled, providerFor, settle } from './mock-card.test-helpers.js';
import { useStorage } from './useStorage.js';

describe('useStorage', () => {
  it('shows the fallback while loading, then the stored value', async () => {
    const { host, card } = await connectMock();
    host.storage.instance.set('notes', 'hello');
    const { result } = renderHook(() => useStorage('notes', ''), { wrapper: providerFor(card) });
    expect(result.current[0]).toBe('');
    expect(result.current[2]).toEqual({ loading: true, error: null });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    expect(result.current[0]).toBe('hello');
  });

  it('keeps the fallback for a missing key', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => useStorage('window', '1h'), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    expect(result.current[0]).toBe('1h');
    expect(result.current[2].error).toBeNull();
  });

  it('writes optimistically and stores the value', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useStorage('count', 0), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    let stored: Promise<boolean> | undefined;
    act(() => {
      stored = result.current[1](5);
    });
    expect(result.current[0]).toBe(5);
    await act(async () => expect(await stored).toBe(true));
    expect(host.storage.instance.get('count')).toBe(5);
  });

  it('passes the latest value, including one not stored yet, to an updater', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useStorage('count', 1), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    await act(async () => {
      const first = result.current[1]((n) => n + 1);
      const second = result.current[1]((n) => n * 10);
      await Promise.all([first, second]);
    });
    expect(result.current[0]).toBe(20);
    expect(host.storage.instance.get('count')).toBe(20);
  });

  it('keeps a refused write on screen and reports the error', async () => {
    const { host, card } = await connectMock();
    host.storage.instance.set('notes', 'kept');
    host.handle('storage.set', () => {
      throw Object.assign(new Error('value larger than 1 MB'), { code: 'TOO_LARGE' });
    });
    const { result } = renderHook(() => useStorage('notes', ''), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[0]).toBe('kept'));
    let stored: Promise<boolean> | undefined;
    act(() => {
      stored = result.current[1]('typed text');
    });
    expect(result.current[0]).toBe('typed text');
    await act(async () => expect(await stored).toBe(false));
    await settle();
    // What the user typed stays (a controlled textarea must not lose it); the error says why it was not stored.
    expect(result.current[0]).toBe('typed text');
    expect(result.current[2].error?.name).toBe('CardSdkError');
    expect(result.current[2].error?.method).toBe('storage.set');
    expect(result.current[2].isError).toBe(true);
    expect(host.storage.instance.get('notes')).toBe('kept');
    expect(methodsCalled(host, 'storage.get')).toHaveLength(1);
  });

  it('stores a value refused with RATE_LIMITED once the limit passes, showing it unsaved meanwhile', async () => {
    const { host, card } = await connectMock();
    let refusals = 0;
    host.handle('storage.set', (params) => {
      if (refusals < 2) {
        refusals += 1;
        throw new CardSdkError('RATE_LIMITED', 'storage writes are limited', { retryAfterMs: 60 });
      }
      host.storage.instance.set(params.key, params.value);
    });
    const { result } = renderHook(() => useStorage('notes', ''), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    let stored: Promise<boolean> | undefined;
    act(() => {
      stored = result.current[1]('typed fast');
    });
    // Refused: the value stays on screen, visibly unsaved, and nothing is stored yet.
    await waitFor(() => expect(result.current[2].error?.code).toBe('RATE_LIMITED'));
    expect(result.current[0]).toBe('typed fast');
    expect(host.storage.instance.get('notes')).toBeUndefined();
    await act(async () => expect(await stored).toBe(true));
    expect(refusals).toBe(2);
    expect(host.storage.instance.get('notes')).toBe('typed fast');
    expect(result.current[2].error).toBeNull();
    expect(methodsCalled(host, 'storage.set')).toHaveLength(3);
  });

  it('does not retry a refused value that a later write replaced', async () => {
    const { host, card } = await connectMock();
    let refused = false;
    host.handle('storage.set', (params) => {
      if (!refused) {
        refused = true;
        throw new CardSdkError('RATE_LIMITED', 'storage writes are limited', { retryAfterMs: 80 });
      }
      host.storage.instance.set(params.key, params.value);
    });
    const { result } = renderHook(() => useStorage('count', 0), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    let first: Promise<boolean> | undefined;
    act(() => {
      first = result.current[1](1);
    });
    await waitFor(() => expect(result.current[2].error?.code).toBe('RATE_LIMITED'));
    await act(async () => expect(await result.current[1](2)).toBe(true));
    await act(async () => expect(await first).toBe(false));
    expect(host.storage.instance.get('count')).toBe(2);
    expect(result.current[0]).toBe(2);
    expect(host.calls.filter((call) => call.method === 'storage.set').map((call) => call.params.value)).toEqual([1, 2]);
  });

  it('leaves a refusal without retryAfterMs unsaved until the card writes again', async () => {
    const { host, card } = await connectMock();
    host.handle('storage.set', () => {
      throw new CardSdkError('UNAVAILABLE', 'storage is offline');
    });
    const { result } = renderHook(() => useStorage('notes', ''), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    await act(async () => expect(await result.current[1]('draft')).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(methodsCalled(host, 'storage.set')).toHaveLength(1);
    expect(result.current[0]).toBe('draft');
    expect(result.current[2].error?.code).toBe('UNAVAILABLE');
  });

  it('rolls back a refused write with rollbackOnError and reports the error', async () => {
    const { host, card } = await connectMock();
    host.storage.instance.set('notes', 'kept');
    host.handle('storage.set', () => {
      throw Object.assign(new Error('value larger than 1 MB'), { code: 'TOO_LARGE' });
    });
    const { result } = renderHook(() => useStorage('notes', '', { rollbackOnError: true }), {
      wrapper: providerFor(card),
    });
    await waitFor(() => expect(result.current[0]).toBe('kept'));
    let stored: Promise<boolean> | undefined;
    act(() => {
      stored = result.current[1]('too big');
    });
    expect(result.current[0]).toBe('too big');
    await act(async () => expect(await stored).toBe(false));
    await waitFor(() => expect(result.current[0]).toBe('kept'));
    expect(result.current[2].error?.name).toBe('CardSdkError');
    expect(result.current[2].error?.method).toBe('storage.set');
    // The value is read again after the failure, so nothing stale stays on screen.
    await waitFor(() => expect(methodsCalled(host, 'storage.get')).toHaveLength(2));
  });

  it('clears the write error once a later write is stored', async () => {
    const { host, card } = await connectMock();
    let refuse = true;
    host.handle('storage.set', (params: { key: string; value: JsonValue }) => {
      if (refuse) throw Object.assign(new Error('quota'), { code: 'QUOTA_EXCEEDED' });
      host.storage.instance.set(params.key, params.value);
      return {};
    });
    const { result } = renderHook(() => useStorage('notes', ''), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    await act(async () => expect(await result.current[1]('a')).toBe(false));
    expect(result.current[2].status).toBe('error');
    refuse = false;
    await act(async () => expect(await result.current[1]('ab')).toBe(true));
    expect(result.current[2].error).toBeNull();
    expect(result.current[2].status).toBe('success');
    expect(result.current[0]).toBe('ab');
  });

  it('uses the package scope when asked and follows storage.changed', async () => {
    const { host, card } = await connectMock();
    host.storage.package.set('theme', 'blue');
    const { result } = renderHook(() => useStorage('theme', 'none', { scope: 'package' }), {
      wrapper: providerFor(card),
    });
    await waitFor(() => expect(result.current[0]).toBe('blue'));
    await waitFor(() => expect(host.subscriptions.has('storage.changed')).toBe(true));
    host.storage.package.set('theme', 'green');
    act(() => host.emit('storage.changed', { key: 'theme', scope: 'package' }));
    await waitFor(() => expect(result.current[0]).toBe('green'));
    const calls = host.calls.filter((call) => call.method === 'storage.get');
    expect(calls.at(-1)?.params).toEqual({ scope: 'package', key: 'theme' });

    // The published payload is only `{ key }`: it names a package key.
    host.storage.package.set('theme', 'red');
    act(() => host.emit('storage.changed', { key: 'theme' }));
    await waitFor(() => expect(result.current[0]).toBe('red'));
  });

  it('does not subscribe to storage.changed for the instance scope', async () => {
    const { host, card } = await connectMock();
    host.storage.instance.set('notes', 'mine');
    const { result, unmount } = renderHook(() => useStorage('notes', ''), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[0]).toBe('mine'));
    await settle();
    expect(methodsCalled(host, 'events.subscribe')).toEqual([]);
    unmount();
    await settle();
    expect(methodsCalled(host, 'events.unsubscribe')).toEqual([]);
  });

  it('surfaces a failed read as a CardSdkError and keeps the fallback', async () => {
    const { host, card } = await connectMock();
    host.handle('storage.get', () => {
      throw new Error('disk busy');
    });
    const { result } = renderHook(() => useStorage('notes', 'fallback'), { wrapper: providerFor(card) });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    expect(result.current[0]).toBe('fallback');
    expect(result.current[2].error?.code).toBe('INTERNAL');
    expect(result.current[2].error?.message).toContain('disk busy');
  });

  it('unsubscribes from storage.changed on unmount', async () => {
    const { host, card } = await connectMock();
    const { unmount } = renderHook(() => useStorage('notes', '', { scope: 'package' }), {
      wrapper: providerFor(card),
    });
    await waitFor(() => expect(host.subscriptions.has('storage.changed')).toBe(true));
    unmount();
    await settle();
    expect(methodsCalled(host, 'events.unsubscribe')).toHaveLength(1);
    expect(host.subscriptions.has('storage.changed')).toBe(false);
  });

  it('subscribes once in StrictMode', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useStorage('notes', '', { scope: 'package' }), {
      wrapper: providerFor(card, { strict: true }),
    });
    await waitFor(() => expect(result.current[2].loading).toBe(false));
    await settle();
    expect(methodsCalled(host, 'events.subscribe')).toHaveLength(1);
    expect(methodsCalled(host, 'events.unsubscribe')).toHaveLength(0);
  });

  it('follows a change of key, without carrying a pending value over', async () => {
    const { host, card } = await connectMock();
    host.storage.instance.set('b', 'bee');
    let key = 'a';
    const { result, rerender } = renderHook(() => useStorage(key, 'none'), { wrapper: providerFor(card) });
    act(() => {
      void result.current[1]('ay');
    });
    expect(result.current[0]).toBe('ay');
    key = 'b';
    rerender();
    expect(result.current[0]).toBe('none');
    await waitFor(() => expect(result.current[0]).toBe('bee'));
    await waitFor(() => expect(host.storage.instance.get('a')).toBe('ay'));
  });

  it('throws an error naming CardProvider without a provider', () => {
    expect(() => renderHook(() => useStorage('k', 1))).toThrow(/useStorage\(\) must be used inside <CardProvider>/);
  });
});
