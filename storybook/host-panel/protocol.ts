// What the preview and the Host panel say to each other over the Storybook channel.

import type { AgentStatus, JsonValue } from '../../src/contract/types.js';

/** Plain JSON, as it crosses the channel. */
export type { JsonValue };

/** Id of the Host panel addon. */
export const HOST_PANEL_ADDON_ID = 'neurosquad/host-panel';
/** Id of the panel inside the addon. */
export const HOST_PANEL_ID = `${HOST_PANEL_ADDON_ID}/panel`;
/** Preview → manager: the mock host's current records. */
export const HOST_SNAPSHOT_EVENT = `${HOST_PANEL_ADDON_ID}/snapshot`;
/** Manager → preview: ask for a fresh snapshot (the panel just mounted). */
export const HOST_SNAPSHOT_REQUEST_EVENT = `${HOST_PANEL_ADDON_ID}/snapshot-request`;
/** Manager → preview: run a driver on the mock host. */
export const HOST_COMMAND_EVENT = `${HOST_PANEL_ADDON_ID}/command`;
/** Preview → manager: how a driver command ended. */
export const HOST_COMMAND_RESULT_EVENT = `${HOST_PANEL_ADDON_ID}/command-result`;

/** One agent as the panel lists it. */
interface HostSnapshotAgent {
  id: string;
  name: string;
  status: AgentStatus;
  kind: string;
  connected: boolean;
}

/** A JSON copy of the mock host's records for one story, sent after every change. */
export interface HostSnapshot {
  storyId: string;
  /** Counts up on every reload of the card (a new frame on the same host). */
  frame: number;
  connected: boolean;
  error: string | null;
  visibility: string;
  language: string;
  scheme: string;
  deliveries: JsonValue[];
  prompts: JsonValue[];
  commands: JsonValue[];
  toasts: JsonValue[];
  logs: JsonValue[];
  confirms: JsonValue[];
  chrome: Record<string, JsonValue>;
  storage: { instance: Record<string, JsonValue>; package: Record<string, JsonValue> };
  agents: HostSnapshotAgent[];
  inputs: { id: string; type: string }[];
  tools: string[];
  calls: number;
  events: number;
}

/** A driver the panel can run on the story's mock host. */
export type HostCommand =
  | { type: 'setAgentStatus'; agentId: string; status: AgentStatus }
  | { type: 'sendPortMessage'; input: string; data: JsonValue }
  | { type: 'callTool'; name: string; args: JsonValue }
  | { type: 'suspend'; graceMs?: number }
  | { type: 'reload' };

/** The outcome of one command, shown under the panel's buttons. */
export interface HostCommandResult {
  storyId: string;
  command: HostCommand['type'];
  ok: boolean;
  text: string;
}
