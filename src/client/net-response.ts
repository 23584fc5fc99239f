import { decodeBase64 } from '../contract/base64.js';
import type { JsonValue, NetRawResponse, NetResponseType } from '../contract/types.js';
import type { BodyChunk, BodyStream } from './body-stream.js';

/** Read-only, case-insensitive response headers. */
export interface CardHeaders extends Iterable<[string, string]> {
  /** The value of a header, or `null`. */
  get(name: string): string | null;
  /** True when the header is present. */
  has(name: string): boolean;
  /** Calls `callback(value, name)` for every header. */
  forEach(callback: (value: string, name: string) => void): void;
  /** `[name, value]` pairs (lower-case names). */
  entries(): IterableIterator<[string, string]>;
  /** The headers as a plain object. */
  toJSON(): Record<string, string>;
}

/** The response of `card.net.fetch`, shaped like `fetch`'s `Response`. */
export interface CardResponse {
  /** HTTP status code. */
  readonly status: number;
  /** HTTP status text. */
  readonly statusText: string;
  /** The URL the response came from. */
  readonly url: string;
  /** Id of the request (as sent in `net.fetch` and `net.abort`). */
  readonly requestId: string;
  /** True when the host cut the body at its size limit. */
  readonly truncated: boolean;
  /** The `responseType` the body was fetched with. */
  readonly type: NetResponseType;
  /** True for status 200–299. */
  readonly ok: boolean;
  /** Response headers (every header except `set-cookie`). */
  readonly headers: CardHeaders;
  /** True once the body was read. */
  readonly bodyUsed: boolean;
  /** The body as text. */
  text(): Promise<string>;
  /** The body parsed as JSON (`null` for an empty `json` response). */
  json<T = JsonValue>(): Promise<T>;
  /** The body as bytes. */
  bytes(): Promise<Uint8Array>;
  /** The body as an `ArrayBuffer`. */
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The body piece by piece: text chunks as strings, base64 chunks as bytes. */
  chunks(): AsyncIterable<BodyChunk>;
  /** The body line by line (LF, a trailing CR removed), the last partial line included. */
  lines(): AsyncIterable<string>;
  /** Same as `chunks()`: `for await (const chunk of res)`. */
  [Symbol.asyncIterator](): AsyncIterator<BodyChunk>;
}

/** Builds case-insensitive read-only headers from a raw header object. */
function createHeaders(raw: Record<string, string> | undefined): CardHeaders {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(raw ?? {})) map.set(name.toLowerCase(), String(value));
  return {
    get: (name) => map.get(name.toLowerCase()) ?? null,
    has: (name) => map.has(name.toLowerCase()),
    forEach: (callback) => map.forEach((value, name) => callback(value, name)),
    entries: () => map.entries(),
    toJSON: () => Object.fromEntries(map),
    [Symbol.iterator]: () => map.entries(),
  };
}

const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const toBytes = (chunk: BodyChunk): Uint8Array => (typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Wraps a raw `net.fetch` result (and its stream, for `responseType: "stream"`) as a `CardResponse`. */
export function createResponse(raw: NetRawResponse, type: NetResponseType, stream: BodyStream | null): CardResponse {
  let used = false;
  const claim = (): void => {
    if (used) throw new TypeError('body already used');
    used = true;
  };

  const streamBytes = async (): Promise<Uint8Array> => {
    const parts: Uint8Array[] = [];
    for await (const chunk of (stream as BodyStream).read()) parts.push(toBytes(chunk));
    return concat(parts);
  };

  const readText = async (): Promise<string> => {
    if (stream) return utf8(await streamBytes());
    if (type === 'json') return raw.json === undefined ? '' : JSON.stringify(raw.json);
    if (type === 'base64') return utf8(decodeBase64(raw.body ?? ''));
    return raw.body ?? '';
  };

  const readBytes = async (): Promise<Uint8Array> => {
    if (stream) return streamBytes();
    if (type === 'base64') return decodeBase64(raw.body ?? '');
    return new TextEncoder().encode(await readText());
  };

  async function* chunkSource(): AsyncGenerator<BodyChunk, void, undefined> {
    if (stream) {
      yield* stream.read();
      return;
    }
    yield type === 'base64' ? decodeBase64(raw.body ?? '') : await readText();
  }

  const chunks = (): AsyncIterable<BodyChunk> => {
    claim();
    return { [Symbol.asyncIterator]: () => chunkSource() };
  };

  async function* lineSource(): AsyncGenerator<string, void, undefined> {
    const decoder = new TextDecoder();
    let rest = '';
    for await (const chunk of chunkSource()) {
      rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      let newline = rest.indexOf('\n');
      while (newline >= 0) {
        const line = rest.slice(0, newline);
        rest = rest.slice(newline + 1);
        yield line.endsWith('\r') ? line.slice(0, -1) : line;
        newline = rest.indexOf('\n');
      }
    }
    rest += decoder.decode();
    if (rest.length > 0) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
  }

  const response: CardResponse = {
    status: raw.status,
    statusText: raw.statusText ?? '',
    url: raw.url ?? '',
    requestId: raw.requestId,
    truncated: raw.truncated === true,
    type,
    ok: raw.status >= 200 && raw.status <= 299,
    headers: createHeaders(raw.headers),
    get bodyUsed() {
      return used;
    },
    async text() {
      claim();
      return readText();
    },
    async json<T>() {
      claim();
      if (type === 'json' && !stream) return (raw.json ?? null) as T;
      return JSON.parse(await readText()) as T;
    },
    async bytes() {
      claim();
      return readBytes();
    },
    async arrayBuffer() {
      claim();
      const bytes = await readBytes();
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
    chunks,
    lines() {
      claim();
      return { [Symbol.asyncIterator]: () => lineSource() };
    },
    [Symbol.asyncIterator]: () => chunks()[Symbol.asyncIterator](),
  };
  return response;
}
