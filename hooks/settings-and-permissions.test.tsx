import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectMock, providerFor } from './mock-card.test-helpers.js';
import { usePermission } from './usePermission.js';
import { usePermissions } from './usePermissions.js';
import { useSettings } from './useSettings.js';

describe('useSettings', () => {
  it('reads values and secrets and follows settings.changed', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useSettings<{ command: string }>(), { wrapper: providerFor(card) });
    expect(result.current.values.command).toBe('npm test');
    expect(result.current.hasSecret('token')).toBe(false);
    act(() => host.setSecret('token', 's3cret'));
    await waitFor(() => expect(result.current.hasSecret('token')).toBe(true));
    expect(result.current.secrets).toEqual({ token: true });
    act(() => host.setSettings({ command: 'pnpm test' }));
    await waitFor(() => expect(result.current.values.command).toBe('pnpm test'));
  });

  it('saves values, and puts a refusal in error', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => useSettings(), { wrapper: providerFor(card) });
    await act(async () => expect(await result.current.set({ command: 'make test' })).toBe(true));
    await waitFor(() => expect(result.current.values.command).toBe('make test'));
    await act(async () => expect(await result.current.set({ nope: 1 })).toBe(false));
    await waitFor(() => expect(result.current.error?.code).toBe('INVALID_PARAMS'));
    expect(result.current.error?.method).toBe('settings.set');
  });

  it('opens the settings form, and reports NOT_VISIBLE off screen', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useSettings(), { wrapper: providerFor(card) });
    await act(async () => expect(await result.current.open()).toBe(true));
    act(() => host.setVisibility('hidden'));
    await waitFor(() => expect(card.context.visibility).toBe('hidden'));
    await act(async () => expect(await result.current.open()).toBe(false));
    await waitFor(() => expect(result.current.error?.code).toBe('NOT_VISIBLE'));
  });
});

describe('usePermissions / usePermission', () => {
  it('shows grants (with implied ones) and follows permissions.changed', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(
      () => ({ all: usePermissions(), read: usePermission('agents.read'), clip: usePermission('clipboard.write') }),
      { wrapper: providerFor(card) },
    );
    expect(result.current.read.granted).toBe(true);
    expect(result.current.clip.granted).toBe(false);
    expect(result.current.all.permissions.map((p) => p.id)).toEqual([
      'agents.read',
      'agents.output',
      'clipboard.write',
      'usage.read',
    ]);
    act(() => host.setGrants(['agents.output']));
    await waitFor(() => expect(result.current.all.has('usage.read')).toBe(false));
    expect(result.current.read.granted).toBe(true);
  });

  it('requests an optional permission', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => usePermission('clipboard.write'), { wrapper: providerFor(card) });
    await act(async () => expect(await result.current.request()).toBe(true));
    await waitFor(() => expect(result.current.granted).toBe(true));
  });

  it('puts a refused request in error (not a declared optional permission)', async () => {
    const { card } = await connectMock();
    const { result } = renderHook(() => usePermissions(), { wrapper: providerFor(card) });
    await act(async () => expect(await result.current.request('fs.read')).toEqual([]));
    await waitFor(() => expect(result.current.error?.code).toBe('PERMISSION_DENIED'));
    expect(result.current.error?.hostMessage).toBe('fs.read is not a declared optional permission');
  });
});
