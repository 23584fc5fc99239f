// What the preview and the Host panel say to each other over the Storybook channel.

import type { JsonValue } from '../../src/contract/types.js';
import type { PanelHostDriver, PanelHostField } from '../../dev-host/host/panel-host.js';

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

/** The mock host's state and records as JSON: each field the control panel reads, the records cut to the newest. */
export interface PanelHostData {
  fields: Record<Exclude<PanelHostField, 'storage'>, JsonValue>;
  /** Each storage scope's entries, in order. */
  storage: { instance: [string, JsonValue][]; package: [string, JsonValue][] };
  /** How many entries each record held before the cut. */
  totals: Partial<Record<PanelHostField, number>>;
}

/** A copy of one story's host, sent after every change. */
export interface HostSnapshot {
  storyId: string;
  /** Counts up on every reload of the card (a new frame on the same host). */
  frame: number;
  connected: boolean;
  error: string | null;
  host: PanelHostData;
}

/** What the panel asks the story's host to do: one of the control panel's drivers, or a reload of the card. */
export type HostCommand =
  { type: 'drive'; id: number; driver: PanelHostDriver; args: JsonValue[] } | { type: 'reload'; id: number };

/** The outcome of one command: the driver's result as JSON, or why it failed. */
export type HostCommandResult =
  | { storyId: string; id: number; ok: true; value: JsonValue }
  | { storyId: string; id: number; ok: false; error: string };
