import { useCallback, useMemo } from 'react';
import { grantedPermissions, type CardContext, type CardSdkError, type PermissionId } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';
import { useHostMutation } from './useHostMutation.js';

/** Whether one permission is granted, and how asking the user for it goes. */
export interface PermissionState {
  /** True when the permission is granted, directly or implied by another grant. */
  granted: boolean;
  /** Asks the user for it (optional permissions only); resolves whether it is granted afterwards. */
  request: () => Promise<boolean>;
  /** True while the request is in flight. */
  pending: boolean;
  /** The same as `pending`, in TanStack Query's word. */
  isPending: boolean;
  /** The failure of the last request. */
  error: CardSdkError | null;
}

/** Whether one permission is granted, live, and `request()` to ask for it. */
export function usePermission(id: PermissionId): PermissionState {
  const { card } = useCardRuntime('usePermission');
  const select = useCallback((context: CardContext) => grantedPermissions(context.permissions).has(id), [id]);
  const granted = useContextSelector(select, Object.is, 'usePermission');
  const asking = useHostMutation('usePermission', 'permissions.request', (wanted: PermissionId) =>
    card.permissions.request(wanted),
  );
  const run = asking.run;
  const request = useCallback(async () => ((await run(id)) ?? []).includes(id), [run, id]);
  return useMemo(
    () => ({ granted, request, pending: asking.pending, isPending: asking.pending, error: asking.error }),
    [granted, request, asking.pending, asking.error],
  );
}
