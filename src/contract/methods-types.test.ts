import { describe, expectTypeOf, it } from 'vitest';
import type { CardTheme } from './theme.js';
import type { MethodParams, MethodResult } from './methods.js';
import type {
  AgentInfo,
  AgentTimeline,
  AgentUsage,
  CardContext,
  CardIcon,
  CardInstance,
  FsEntry,
  JsonValue,
  PeerInfo,
  PermissionId,
  PermissionView,
  PortInfo,
  StorageScope,
  ToolResultPayload,
} from './types.js';

// Result column of the method catalog, checked by the type checker (these assertions fail `tsc`, not vitest).

/** One object type out of an intersection, so it compares equal to the literal shape. */
type Flat<T> = { [K in keyof T]: T[K] };

type Stat = { path: string; type: 'file' | 'directory'; size: number; mtimeMs: number };

describe('method results', () => {
  it('host, events and card', () => {
    expectTypeOf<MethodResult<'host.ready'>>().toEqualTypeOf<CardContext>();
    expectTypeOf<MethodResult<'host.capabilities'>>().toEqualTypeOf<{
      protocol: number;
      methods: string[];
      events: string[];
    }>();
    expectTypeOf<MethodResult<'host.log'>>().toBeVoid();
    expectTypeOf<MethodResult<'host.pong'>>().toBeVoid();
    expectTypeOf<MethodResult<'events.subscribe'>['topics']>().toEqualTypeOf<
      Array<'agents.status' | 'agents.turn' | 'agents.changed' | 'agents.output' | 'storage.changed'>
    >();
    expectTypeOf<MethodResult<'events.unsubscribe'>>().toBeVoid();
    expectTypeOf<MethodResult<'card.getInfo'>>().toEqualTypeOf<CardInstance>();
    expectTypeOf<MethodResult<'card.getInfo'>>().toEqualTypeOf<CardContext['instance']>();
    for (const none of [] as Array<
      MethodResult<
        'card.setTitle' | 'card.setStatus' | 'card.setBadge' | 'card.setOverview' | 'card.attention' | 'card.focus'
      >
    >) {
      expectTypeOf(none).toBeVoid();
    }
    expectTypeOf<MethodResult<'card.requestResize'>>().toEqualTypeOf<{ w: number; h: number }>();
    expectTypeOf<MethodResult<'card.openLink'>>().toEqualTypeOf<{ opened: boolean }>();
    expectTypeOf<MethodResult<'card.spawn'>>().toEqualTypeOf<{ cardId: string }>();
  });

  it('ui, settings, storage, theme, i18n, workspace and permissions', () => {
    expectTypeOf<MethodResult<'ui.toast'>>().toBeVoid();
    expectTypeOf<MethodResult<'ui.confirm'>>().toEqualTypeOf<{ confirmed: boolean }>();
    expectTypeOf<MethodResult<'ui.setMenu'>>().toBeVoid();
    type Settings = { values: Record<string, string | number | boolean>; secrets: Record<string, boolean> };
    expectTypeOf<MethodResult<'settings.get'>>().toEqualTypeOf<Settings>();
    expectTypeOf<MethodResult<'settings.set'>>().toEqualTypeOf<Settings>();
    expectTypeOf<MethodResult<'settings.open'>>().toBeVoid();
    expectTypeOf<MethodResult<'storage.get'>>().toEqualTypeOf<{ exists: boolean; value: JsonValue | null }>();
    expectTypeOf<MethodResult<'storage.set' | 'storage.delete' | 'storage.clear'>>().toBeVoid();
    expectTypeOf<MethodResult<'storage.keys'>>().toEqualTypeOf<{ keys: string[] }>();
    expectTypeOf<MethodResult<'storage.usage'>>().toEqualTypeOf<{ bytes: number; quota: number; keys: number }>();
    expectTypeOf<MethodResult<'theme.get'>>().toEqualTypeOf<CardTheme>();
    expectTypeOf<MethodResult<'i18n.get'>>().toEqualTypeOf<CardContext['i18n']>();
    expectTypeOf<MethodResult<'i18n.get'>>().toEqualTypeOf<{ language: 'en' | 'ru' | 'zh'; locale: string }>();
    expectTypeOf<MethodResult<'workspace.get'>>().toEqualTypeOf<{ id: string; name: string; path?: string }>();
    expectTypeOf<MethodResult<'permissions.list'>>().toEqualTypeOf<PermissionView[]>();
    expectTypeOf<MethodResult<'permissions.request'>>().toEqualTypeOf<{ granted: PermissionId[] }>();
  });

  it('agents, terminals and usage', () => {
    expectTypeOf<MethodResult<'agents.list'>>().toEqualTypeOf<AgentInfo[]>();
    expectTypeOf<MethodResult<'agents.get'>>().toEqualTypeOf<AgentInfo>();
    expectTypeOf<MethodResult<'agents.readScreen'>>().toEqualTypeOf<{ text: string }>();
    expectTypeOf<MethodResult<'agents.lastReply'>>().toEqualTypeOf<{ text: string | null; at: number | null }>();
    expectTypeOf<MethodResult<'agents.prompt'>>().toEqualTypeOf<{ delivered: 'sent' | 'queued' | 'inserted' }>();
    expectTypeOf<MethodResult<'agents.usage'>>().toEqualTypeOf<AgentUsage>();
    expectTypeOf<MethodResult<'agents.timeline'>>().toEqualTypeOf<AgentTimeline>();
    expectTypeOf<MethodResult<'terminals.run'>>().toEqualTypeOf<{
      exitCode: number | null;
      output: string;
      truncated: boolean;
      timedOut: boolean;
    }>();
    expectTypeOf<MethodResult<'terminals.write'>>().toBeVoid();
    expectTypeOf<MethodResult<'usage.summary'>>().toMatchTypeOf<{
      period: 'today' | '7d' | '30d';
      from: string;
      to: string;
      rows: unknown[];
      totalCostMicroUsd: number;
      partial: boolean;
    }>();
  });

  it('ports, tools, net, fs and clipboard', () => {
    expectTypeOf<MethodResult<'ports.describe'>>().toEqualTypeOf<{ inputs: PortInfo[]; outputs: PortInfo[] }>();
    expectTypeOf<MethodResult<'ports.peers'>>().toEqualTypeOf<PeerInfo[]>();
    expectTypeOf<MethodResult<'ports.emit'>>().toEqualTypeOf<{ delivered: number }>();
    expectTypeOf<MethodResult<'ports.send'>>().toEqualTypeOf<{ delivered: number }>();
    expectTypeOf<MethodResult<'ports.request'>>().toEqualTypeOf<{ data: JsonValue }>();
    expectTypeOf<MethodResult<'ports.respond'>>().toBeVoid();
    expectTypeOf<MethodResult<'ports.read'>>().toEqualTypeOf<{ data: JsonValue; at: number } | null>();
    expectTypeOf<MethodResult<'tools.respond' | 'tools.progress' | 'tools.setEnabled'>>().toBeVoid();
    expectTypeOf<MethodResult<'net.fetch'>>().toEqualTypeOf<{
      requestId: string;
      status: number;
      statusText: string;
      headers: Record<string, string>;
      url: string;
      body?: string;
      json?: JsonValue;
      truncated?: boolean;
    }>();
    expectTypeOf<MethodResult<'net.abort'>>().toBeVoid();
    expectTypeOf<MethodResult<'fs.stat'>>().toEqualTypeOf<Stat>();
    expectTypeOf<MethodResult<'fs.write'>>().toEqualTypeOf<Stat>();
    expectTypeOf<MethodResult<'fs.mkdir'>>().toEqualTypeOf<Stat>();
    expectTypeOf<MethodResult<'fs.list'>>().toEqualTypeOf<{ entries: FsEntry[]; truncated: boolean }>();
    expectTypeOf<FsEntry>().toEqualTypeOf<{ path: string; type: 'file' | 'directory'; size?: number }>();
    expectTypeOf<MethodResult<'fs.read'>>().toEqualTypeOf<{
      data: string;
      encoding: 'utf8' | 'base64';
      size: number;
      truncated: boolean;
    }>();
    expectTypeOf<MethodResult<'fs.trash' | 'fs.unwatch' | 'clipboard.writeText'>>().toBeVoid();
    expectTypeOf<MethodResult<'fs.watch'>>().toEqualTypeOf<{ watchId: string }>();
  });
});

describe('method params types', () => {
  it('types the nullable and optional params of the catalog', () => {
    expectTypeOf<MethodParams<'card.setTitle'>>().toEqualTypeOf<{ title: string | null }>();
    expectTypeOf<MethodParams<'card.setOverview'>>().toEqualTypeOf<{
      primary?: string | null;
      secondary?: string | null;
      progress?: number | null;
      tone?: 'default' | 'accent' | 'success' | 'warning' | 'danger';
      icon?: CardIcon | null;
    }>();
    expectTypeOf<MethodParams<'storage.get'>>().toEqualTypeOf<{ scope: StorageScope; key: string }>();
    expectTypeOf<MethodParams<'tools.respond'>>().toEqualTypeOf<{
      callId: string;
      result?: ToolResultPayload;
      error?: string;
    }>();
    expectTypeOf<Flat<MethodParams<'agents.usage'>>>().toEqualTypeOf<{
      agentId: string;
      since: number;
      until?: number;
    }>();
    expectTypeOf<MethodParams<'ports.emit'>>().toEqualTypeOf<{ port: string; data: JsonValue }>();
    expectTypeOf<MethodParams<'agents.list'>>().toEqualTypeOf<Record<string, never> | null>();
  });
});
