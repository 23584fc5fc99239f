// A network recording (`neurosquad-card dev --record <file>`) and the answers it replays, in `dev --replay` and
// in the mock host (`createMockHost({ fetch: replayFrom(file) })`). Browser-safe: a file path is read only in Node.
import { decodeBase64 } from '../contract/base64.js';
import { CardSdkError } from '../contract/errors.js';
import type { MockFetchRequest, MockFetchResponse } from './options.js';

/** One response as it passed through `dev`: what was asked, and the status, headers and body that came back. */
export interface NetRecordingEntry {
  /** The request's method (`GET`, `POST`, …). */
  method: string;
  /** The URL the card asked for. */
  url: string;
  /** The URL the response came from (after redirects). */
  responseUrl: string;
  /** The HTTP status. */
  status: number;
  /** The HTTP status text. */
  statusText: string;
  /** The response headers (lower-case names, no `set-cookie`, secret values masked). */
  headers: Record<string, string>;
  /** How `body` and `chunks` are written: UTF-8 text, or base64 bytes. */
  encoding: 'text' | 'base64';
  /** The whole body. */
  body: string;
  /** The pieces a streamed response arrived in, when the card asked for `responseType: 'stream'`. */
  chunks?: string[];
}

/** A network recording file: every response `dev --record` saw, oldest first. */
export interface NetRecording {
  /** The file format's version (1). */
  version: 1;
  /** The recorded responses. */
  entries: NetRecordingEntry[];
}

/** Answers a request from a recording: the recorded responses to the same method and URL, in order. */
export interface NetReplayAnswers {
  /** The next recorded response to `method url` (the last one again once all were used), or undefined. */
  next(method: string, url: string): NetRecordingEntry | undefined;
}

const RECORDING_HINT = 'Record the request with neurosquad-card dev --record <file> first, or add it to the recording.';

function entryProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'is not an object';
  const entry = value as Record<string, unknown>;
  for (const key of ['method', 'url', 'responseUrl', 'statusText', 'body'] as const) {
    if (typeof entry[key] !== 'string') return `${key} is not a string`;
  }
  if (typeof entry.status !== 'number' || !Number.isInteger(entry.status)) return 'status is not an integer';
  if (entry.encoding !== 'text' && entry.encoding !== 'base64') return 'encoding is not "text" or "base64"';
  const headers = entry.headers;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return 'headers is not an object';
  if (!Object.values(headers).every((header) => typeof header === 'string')) return 'a header value is not a string';
  if (entry.chunks !== undefined && !(Array.isArray(entry.chunks) && entry.chunks.every((c) => typeof c === 'string')))
    return 'chunks is not a list of strings';
  return null;
}

/** Checks a parsed recording file; a bad one is `INVALID_PARAMS` naming the entry and field. */
export function readNetRecording(value: unknown, source = 'the recording'): NetRecording {
  const fail = (problem: string): never => {
    throw new CardSdkError('INVALID_PARAMS', `${source}: ${problem}`, undefined, undefined, RECORDING_HINT);
  };
  if (value === null || typeof value !== 'object') return fail('not a network recording (a JSON object)');
  const recording = value as Record<string, unknown>;
  if (recording.version !== 1) return fail('version must be 1');
  if (!Array.isArray(recording.entries)) return fail('entries is not a list');
  recording.entries.forEach((entry: unknown, index) => {
    const problem = entryProblem(entry);
    if (problem) fail(`entries[${index}]: ${problem}`);
  });
  return value as NetRecording;
}

/** The recorded answers of a recording, matched by method and URL. */
export function replayAnswers(recording: NetRecording): NetReplayAnswers {
  const byRequest = new Map<string, NetRecordingEntry[]>();
  for (const entry of recording.entries) {
    const key = `${entry.method.toUpperCase()} ${entry.url}`;
    byRequest.set(key, [...(byRequest.get(key) ?? []), entry]);
  }
  const used = new Map<string, number>();
  return {
    next(method, url) {
      const key = `${method.toUpperCase()} ${url}`;
      const answers = byRequest.get(key);
      if (!answers) return undefined;
      const index = used.get(key) ?? 0;
      used.set(key, index + 1);
      return answers[Math.min(index, answers.length - 1)];
    },
  };
}

/** The refusal of a request the recording has no answer to: `NETWORK_ERROR` naming the method and URL. */
export function noRecordedAnswer(method: string, url: string, source: string): CardSdkError {
  return new CardSdkError(
    'NETWORK_ERROR',
    `no recorded answer for ${method.toUpperCase()} ${url} in ${source}`,
    { url },
    'net.fetch',
    RECORDING_HINT,
  );
}

function readRecordingFile(path: string): unknown {
  const fs = globalThis.process?.getBuiltinModule?.('fs');
  if (!fs) {
    throw new CardSdkError(
      'INVALID_PARAMS',
      `replayFrom("${path}"): a file is read only in Node; pass the parsed recording instead`,
    );
  }
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CardSdkError('INVALID_PARAMS', `replayFrom: cannot read ${path}: ${reason}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CardSdkError('INVALID_PARAMS', `${path}: not JSON`, undefined, undefined, RECORDING_HINT);
  }
}

function pieces(entry: NetRecordingEntry, text: string): string | Uint8Array {
  return entry.encoding === 'base64' ? decodeBase64(text) : text;
}

/**
 * A mock host network (`MockHostOptions.fetch`) that answers from a recording made by
 * `neurosquad-card dev --record <file>`: a file path (read in Node) or the parsed recording. A request the
 * recording has no answer to fails with `NETWORK_ERROR` naming its method and URL.
 * @example createMockHost({ manifest, fetch: replayFrom('test/github.recording.json') })
 */
export function replayFrom(source: string | NetRecording): (request: MockFetchRequest) => MockFetchResponse {
  const name = typeof source === 'string' ? source : 'the recording';
  const recording = readNetRecording(typeof source === 'string' ? readRecordingFile(source) : source, name);
  const answers = replayAnswers(recording);
  return (request) => {
    const entry = answers.next(request.method, request.url);
    if (!entry) throw noRecordedAnswer(request.method, request.url, name);
    const response: MockFetchResponse = {
      status: entry.status,
      statusText: entry.statusText,
      headers: { ...entry.headers },
      body: pieces(entry, entry.body),
    };
    if (entry.chunks) response.stream = entry.chunks.map((chunk) => pieces(entry, chunk));
    return response;
  };
}
