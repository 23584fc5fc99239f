import { grantedPermissions } from '../contract/permissions.js';
import type { PermissionId, PermissionView } from '../contract/types.js';
import type { CardSession } from './session.js';

/** `card.permissions`: what the card declared, what is granted, and asking for optional ones. */
export interface CardPermissions {
  /** Every declared permission with its `granted` flag. */
  readonly all: PermissionView[];
  /** True when `id` is granted (directly or implied by a granted one). */
  has(id: PermissionId | (string & {})): boolean;
  /** Reads the list from the host (and updates the context). */
  list(): Promise<PermissionView[]>;
  /** Asks the user for declared optional permissions; resolves with the granted ids. */
  request(...ids: PermissionId[]): Promise<string[]>;
  /** Calls `listener` when grants change; returns an unsubscribe function. */
  onChange(listener: (permissions: PermissionView[]) => void): () => void;
}

/** Builds `card.permissions`. */
export function createPermissions(session: CardSession): CardPermissions {
  const { channel, context } = session;
  const api: CardPermissions = {
    get all() {
      return context.get().permissions ?? [];
    },
    has: (id) => grantedPermissions(api.all).has(id),
    async list() {
      const permissions = await channel.request('permissions.list', {});
      context.update({ permissions });
      return permissions;
    },
    async request(...ids) {
      const result = await channel.request('permissions.request', { ids });
      await api.list().catch(() => undefined);
      return result?.granted;
    },
    onChange: (listener) => session.events.on('permissions.changed', listener as (data: unknown) => void),
  };
  return api;
}
