// `net.fetch` requests, responses and streamed chunks.
import type { JsonValue } from './json.js';

/** HTTP methods of `net.fetch`. */
export type NetMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How `net.fetch` returns the body. */
export type NetResponseType = 'text' | 'json' | 'base64' | 'stream';

/** The raw result of `net.fetch`. */
export interface NetRawResponse {
  requestId: string;
  status: number;
  statusText: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  url: string;
  body?: string;
  json?: JsonValue;
  truncated?: boolean;
}

/** `net.chunk`: a piece of a streamed response. */
export interface NetChunkEvent {
  requestId: string;
  chunk: string;
  encoding: 'text' | 'base64';
  done?: boolean;
  error?: string;
}
