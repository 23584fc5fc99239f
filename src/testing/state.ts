// The mock host's state, cut into the pieces its namespaces own; records the test reads are the same objects.
import { settingsDefaults } from '../contract/manifest.js';
import { expandPermissions } from '../contract/permissions.js';
import { createRateLimiter } from '../host/rate-limits.js';
import { createTopicSubscriptions } from '../host/subscriptions.js';
import type { AgentsState } from './agents.js';
import { emptyChrome, type ChromeState } from './chrome.js';
import { defaultContext } from './context.js';
import type { MockCore } from './core.js';
import { fileBytes } from './fs.js';
import type { FsState } from './fs.js';
import type { EventsState, HostState } from './host.js';
import { mockManifest } from './manifest.js';
import type { NetState } from './net.js';
import { initialGrants, permissionList } from './permissions.js';
import type { PermissionState } from './permissions.js';
import type { PortsState } from './ports.js';
import { secretKeys, settingsView } from './settings.js';
import type { SettingsState } from './settings.js';
import type { StorageState } from './storage.js';
import type { ToolsState } from './tools.js';
import type { MockHostOptions } from './types.js';

/** Every piece of the mock's state, by the namespace that owns it. */
export interface MockState {
  readonly core: MockCore;
  readonly host: HostState;
  readonly events: EventsState;
  readonly chrome: ChromeState;
  readonly settings: SettingsState;
  readonly storage: StorageState;
  readonly permissions: PermissionState;
  readonly agents: AgentsState;
  readonly ports: PortsState;
  readonly tools: ToolsState;
  readonly net: NetState;
  readonly fs: FsState;
}

/**
 * Builds a fresh mock's state from its options; `emit` is how events leave for the card. The tables many tests never
 * fill (replies waited for, handler waits, watchers, last statuses) are made by their first use.
 */
export function createMockState(options: MockHostOptions, emit: (event: string, data?: unknown) => void): MockState {
  const manifest = mockManifest(options.manifest);
  const granted = initialGrants(manifest.permissions, options);
  let counter = 0;
  const core: MockCore = {
    manifest,
    options,
    context: defaultContext(manifest, options),
    grants: () => expandPermissions(granted),
    emit,
    nextId: (prefix) => {
      counter += 1;
      return `${prefix}-${counter}`;
    },
  };
  const { context } = core;
  const grants = core.grants();
  if (grants.has('fs.read') || grants.has('fs.write')) {
    // A copy: the workspace may be the test's own object from `options.context`.
    context.workspace = { ...context.workspace, path: '/mock/workspace' };
  }
  const settings: SettingsState = { core, secretValues: new Map() };
  for (const key of secretKeys(manifest)) {
    const value = options.secrets?.[key];
    if (typeof value === 'string') settings.secretValues.set(key, value);
  }
  context.settings = settingsView(settings, { ...settingsDefaults(manifest), ...(options.settings ?? {}) });
  context.permissions = permissionList(core);

  const chrome = emptyChrome();
  const topics = createTopicSubscriptions();
  const agents: AgentsState = {
    core,
    topics,
    agents: options.agents ?? [],
    prompts: [],
    terminal: [],
    commands: [],
    agentUsage: options.agentUsage,
    agentTimeline: options.agentTimeline,
  };
  const fs: FsState = { core, files: new Map() };
  const now = Date.now();
  for (const [path, data] of Object.entries(options.files ?? {})) {
    fs.files.set(path, { data: fileBytes(data), mtimeMs: now });
  }
  return {
    core,
    host: { core, chrome, logs: [], pongs: [] },
    events: { core, topics, roster: agents },
    chrome: { core, chrome, confirms: [], toasts: [], clipboard: [], spawned: [] },
    settings,
    storage: { instance: new Map(), package: new Map() },
    permissions: { core, granted },
    agents,
    ports: {
      core,
      peers: options.peers ?? [],
      retained: new Map(),
      deliveries: [],
      rateLimiter: options.enforceRateLimits ? createRateLimiter() : undefined,
    },
    tools: { core, chrome, handled: null },
    net: { core, secretValues: settings.secretValues, aborted: [], fetchCount: 0 },
    fs,
  };
}
