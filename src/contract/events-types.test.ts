import { describe, expectTypeOf, it } from 'vitest';
import type { CardEvents } from './events.js';
import type { CardTheme } from './theme.js';
import type { AgentInfo, AgentStatus, JsonValue, PeerInfo, PermissionView, PortTypeId } from './types.js';

// Payload column of the event list, checked by the type checker (these assertions fail `tsc`, not vitest).

describe('event payloads', () => {
  it('host, lifecycle, settings, theme, i18n and permissions', () => {
    expectTypeOf<CardEvents['host.ping']>().toEqualTypeOf<{ seq: number }>();
    expectTypeOf<CardEvents['lifecycle.visibility']>().toEqualTypeOf<{ state: 'visible' | 'overview' | 'hidden' }>();
    expectTypeOf<CardEvents['lifecycle.suspend']>().toEqualTypeOf<{ graceMs: number }>();
    expectTypeOf<CardEvents['lifecycle.expanded']>().toEqualTypeOf<{ expanded: boolean }>();
    expectTypeOf<CardEvents['lifecycle.resized']>().toEqualTypeOf<{ w: number; h: number }>();
    expectTypeOf<CardEvents['settings.changed']>().toEqualTypeOf<{
      values: Record<string, string | number | boolean>;
      secrets: Record<string, boolean>;
    }>();
    expectTypeOf<CardEvents['theme.changed']>().toEqualTypeOf<CardTheme>();
    expectTypeOf<CardEvents['i18n.changed']>().toEqualTypeOf<{ language: 'en' | 'ru' | 'zh'; locale: string }>();
    expectTypeOf<CardEvents['permissions.changed']>().toEqualTypeOf<PermissionView[]>();
  });

  it('ui, ports, tools, net, fs and storage', () => {
    expectTypeOf<CardEvents['ui.menu']>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<CardEvents['ports.message']>().toEqualTypeOf<{
      from: string;
      fromKind: CardEvents['ports.message']['fromKind'];
      output: string;
      input: string;
      type: PortTypeId;
      sourceType?: PortTypeId;
      data: JsonValue;
      at: number;
    }>();
    expectTypeOf<CardEvents['ports.request']>().toEqualTypeOf<{
      requestId: string;
      from: string;
      input: string;
      data: JsonValue;
      deadline: number;
    }>();
    expectTypeOf<CardEvents['ports.peersChanged']>().toEqualTypeOf<PeerInfo[]>();
    expectTypeOf<CardEvents['tools.call']>().toEqualTypeOf<{
      callId: string;
      tool: string;
      args: { [key: string]: JsonValue };
      agent: { id: string; name: string };
      deadline: number;
    }>();
    expectTypeOf<CardEvents['tools.cancel']>().toEqualTypeOf<{ callId: string }>();
    expectTypeOf<CardEvents['net.chunk']>().toEqualTypeOf<{
      requestId: string;
      chunk: string;
      encoding: 'text' | 'base64';
      done?: boolean;
      error?: string;
    }>();
    expectTypeOf<CardEvents['fs.changed']>().toEqualTypeOf<{ watchId: string; path: string; type: string }>();
    expectTypeOf<CardEvents['storage.changed']['key']>().toEqualTypeOf<string>();
  });

  it('agents', () => {
    expectTypeOf<CardEvents['agents.status']>().toEqualTypeOf<{ agentId: string; status: AgentStatus; at: number }>();
    expectTypeOf<CardEvents['agents.turn']>().toEqualTypeOf<{ agentId: string; phase: 'start' | 'end'; at: number }>();
    expectTypeOf<CardEvents['agents.changed']>().toEqualTypeOf<{ agents: AgentInfo[] }>();
    expectTypeOf<CardEvents['agents.output']>().toEqualTypeOf<{ agentId: string; text: string; at: number }>();
    expectTypeOf<AgentStatus>().toEqualTypeOf<'working' | 'needs-input' | 'finished' | 'idle' | 'exited'>();
  });
});
