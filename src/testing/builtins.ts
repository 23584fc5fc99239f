// Every built-in method of the mock, routed to the namespace whose state it owns.
import type { MethodName } from '../contract/methods.js';
import type { HostRequest } from '../host/engine.js';
import { agentHandlers } from './agents.js';
import type { Builtins } from './builtin.js';
import { chromeHandlers } from './chrome.js';
import { contextHandlers } from './context.js';
import { fsHandlers } from './fs.js';
import { eventHandlers, hostHandlers } from './host.js';
import { netHandlers } from './net.js';
import { permissionHandlers } from './permissions.js';
import { portHandlers } from './ports.js';
import { settingHandlers } from './settings.js';
import type { MockState } from './state.js';
import { storageHandlers } from './storage.js';
import { toolHandlers } from './tools.js';

/** A built-in as the dispatcher calls it: params already checked against the method table, the whole state given. */
export type BuiltinRoute = (params: Record<string, unknown>, state: MockState, request: HostRequest) => unknown;

function route<K extends keyof MockState, M extends MethodName>(
  namespace: K,
  builtins: Builtins<MockState[K], M>,
): Record<M, BuiltinRoute> {
  const routes = {} as Record<M, BuiltinRoute>;
  for (const method of Object.keys(builtins) as M[]) {
    // The engine checked the params against the method's schema before dispatch.
    const builtin = builtins[method] as (params: unknown, state: MockState[K], request: HostRequest) => unknown;
    routes[method] = (params, state, request) => builtin(params, state[namespace], request);
  }
  return routes;
}

/** Every method of the table, each with its built-in (the type checker refuses a missing one). */
export const BUILTINS: Readonly<Record<MethodName, BuiltinRoute>> = {
  ...route('host', hostHandlers),
  ...route('events', eventHandlers),
  ...route('chrome', chromeHandlers),
  ...route('core', contextHandlers),
  ...route('settings', settingHandlers),
  ...route('storage', storageHandlers),
  ...route('permissions', permissionHandlers),
  ...route('agents', agentHandlers),
  ...route('ports', portHandlers),
  ...route('tools', toolHandlers),
  ...route('net', netHandlers),
  ...route('fs', fsHandlers),
};

/** Every method the mock answers by itself. */
export const BUILTIN_METHOD_NAMES: readonly string[] = Object.freeze(Object.keys(BUILTINS));
