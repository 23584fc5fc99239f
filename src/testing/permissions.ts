import { CardSdkError } from '../contract/errors.js';
import { permissionView } from '../contract/permissions.js';
import type { PermissionView } from '../contract/permissions.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import { languageOf } from './core.js';
import type { MockHostOptions } from './types.js';

/** What `permissions.*` owns: the granted ids, before implications. */
export interface PermissionState {
  readonly core: MockCore;
  readonly granted: Set<string>;
}

/** The ids a fresh mock grants: `'all'`, the given list, or every declared non-optional permission. */
export function initialGrants(
  declared: readonly { id: string; optional?: boolean }[],
  options: MockHostOptions,
): Set<string> {
  if (options.grant === 'all') return new Set(declared.map((p) => p.id));
  if (options.grant) return new Set(options.grant);
  return new Set(declared.filter((p) => !p.optional).map((p) => p.id));
}

/** The permission list of the context (A.3). */
export function permissionList(core: MockCore): PermissionView[] {
  return permissionView(core.manifest.permissions, core.grants(), languageOf(core));
}

/** Recomputes the permission list into the context and tells the card. */
export function refreshPermissions(core: MockCore): void {
  const list = permissionList(core);
  core.context.permissions = list;
  core.emit('permissions.changed', list);
}

/** `permissions.*`: only declared optional permissions may be asked for. */
export const permissionHandlers: Builtins<PermissionState, MethodsOf<'permissions'>> = {
  'permissions.list'(_params, state) {
    return permissionList(state.core);
  },
  async 'permissions.request'(params, state) {
    const { manifest, options } = state.core;
    const optional = new Set(manifest.permissions.filter((p) => p.optional).map((p) => p.id as string));
    for (const id of params.ids) {
      if (!optional.has(id)) {
        throw new CardSdkError('PERMISSION_DENIED', `${id} is not a declared optional permission`, { permission: id });
      }
    }
    const answer = options.requestPermissions ? await options.requestPermissions([...params.ids]) : params.ids;
    const granted = [...answer];
    for (const id of granted) state.granted.add(id);
    refreshPermissions(state.core);
    return { granted: granted as typeof params.ids };
  },
};
