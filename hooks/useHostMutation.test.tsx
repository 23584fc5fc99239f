import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../src/index.js';
import { connectMock, providerFor } from './mock-card.test-helpers.js';
import { useHostMutation } from './useHostMutation.js';

/** A promise with its resolve and reject at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useHostMutation', () => {
  it('is pending while a run is in flight, then holds its result', async () => {
    const { card } = await connectMock();
    const call = deferred<string>();
    const { result } = renderHook(() => useHostMutation('useTest', 'test.run', () => call.promise), {
      wrapper: providerFor(card),
    });
    expect(result.current).toMatchObject({ pending: false, error: null, lastResult: undefined });
    let run!: Promise<string | undefined>;
    act(() => {
      run = result.current.run(undefined);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      call.resolve('done');
      expect(await run).toBe('done');
    });
    expect(result.current).toMatchObject({ pending: false, error: null, lastResult: 'done' });
  });

  it('resolves undefined on failure and keeps a CardSdkError naming the method, cleared by the next run', async () => {
    const { card } = await connectMock();
    let fail = true;
    const { result } = renderHook(
      () =>
        useHostMutation('useTest', 'test.run', () =>
          fail ? Promise.reject(new Error('disk full')) : Promise.resolve(1),
        ),
      { wrapper: providerFor(card) },
    );
    await act(async () => expect(await result.current.run(undefined)).toBeUndefined());
    expect(result.current.error).toBeInstanceOf(CardSdkError);
    expect(result.current.error).toMatchObject({ code: 'INTERNAL', hostMessage: 'disk full', method: 'test.run' });
    fail = false;
    await act(async () => expect(await result.current.run(undefined)).toBe(1));
    expect(result.current).toMatchObject({ pending: false, error: null, lastResult: 1 });
  });

  it('shows the latest run: an earlier run that fails after it does not set error', async () => {
    const { card } = await connectMock();
    const calls = [deferred<number>(), deferred<number>()];
    let next = 0;
    const { result } = renderHook(() => useHostMutation('useTest', 'test.run', () => calls[next++].promise), {
      wrapper: providerFor(card),
    });
    let first!: Promise<number | undefined>;
    let second!: Promise<number | undefined>;
    act(() => {
      first = result.current.run(undefined);
      second = result.current.run(undefined);
    });
    await act(async () => {
      calls[1].resolve(2);
      expect(await second).toBe(2);
    });
    await act(async () => {
      calls[0].reject(new CardSdkError('TIMEOUT', 'too slow'));
      expect(await first).toBeUndefined();
    });
    await waitFor(() => expect(result.current).toMatchObject({ pending: false, error: null, lastResult: 2 }));
  });

  it('tells the author to wrap the card in CardProvider when it has none', () => {
    expect(() => renderHook(() => useHostMutation('useTest', 'test.run', () => Promise.resolve(1)))).toThrow(/useTest/);
  });
});
