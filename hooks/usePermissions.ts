import { useCallback, useMemo } from 'react';
import { grantedPermissions, type CardContext, type CardSdkError, type PermissionId } from '../src/index.js';
import { useCardRuntime } from './card-runtime-context.js';
import { useContextSelector } from './useContextSelector.js';
import { useHostMutation } from './useHostMutation.js';

/** Every declared permission with its grant, a check by id, and how asking for more goes. */
export interface PermissionsState {
  /** One entry per declared permission: `{ id, optional, granted, reason?, hosts? }`. */
  permissions: CardContext['permissions'];
  /** True when `id` is granted, directly or implied by another grant. */
  has: (id: PermissionId) => boolean;
  /** Asks the user for optional permissions; resolves the granted ids (`[]` on failure, see `error`). */
  request: (...ids: PermissionId[]) => Promise<PermissionId[]>;
  /** True while a request is in flight. */
  pending: boolean;
  /** The same as `pending`, in TanStack Query's word. */
  isPending: boolean;
  /** The failure of the last request (for example NOT_VISIBLE off screen). */
  error: CardSdkError | null;
}

const selectPermissions = (context: CardContext) => context.permissions;

/** The card's permissions, live, and `request()` for the optional ones. */
export function usePermissions(): PermissionsState {
  const { card } = useCardRuntime('usePermissions');
  const permissions = useContextSelector(selectPermissions, Object.is, 'usePermissions');
  const granted = useMemo(() => grantedPermissions(permissions), [permissions]);
  const has = useCallback((id: PermissionId) => granted.has(id), [granted]);
  const asking = useHostMutation('usePermissions', 'permissions.request', (ids: PermissionId[]) =>
    card.permissions.request(...ids),
  );
  const run = asking.run;
  const request = useCallback(async (...ids: PermissionId[]) => ((await run(ids)) ?? []) as PermissionId[], [run]);
  return useMemo(
    () => ({ permissions, has, request, pending: asking.pending, isPending: asking.pending, error: asking.error }),
    [permissions, has, request, asking.pending, asking.error],
  );
}
