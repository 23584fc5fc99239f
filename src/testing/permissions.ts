import { CardSdkError } from '../contract/errors.js';
import type { BuiltinHandlers } from './mock-host.js';

/** `permissions.*`: only declared optional permissions may be asked for. */
export const permissionHandlers: BuiltinHandlers = {
  'permissions.list'(_params, host) {
    return host.permissionList();
  },
  async 'permissions.request'(params: { ids: string[] }, host) {
    const optional = new Set(host.manifest.permissions.filter((p) => p.optional).map((p) => p.id as string));
    for (const id of params.ids) {
      if (!optional.has(id)) {
        throw new CardSdkError('PERMISSION_DENIED', `${id} is not a declared optional permission`, { permission: id });
      }
    }
    const answer = host.options.requestPermissions
      ? await host.options.requestPermissions([...params.ids])
      : params.ids;
    const granted = [...answer];
    for (const id of granted) host.granted.add(id);
    host.refreshPermissions();
    return { granted };
  },
};
