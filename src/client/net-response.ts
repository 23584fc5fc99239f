import { decodeBase64 } from '../contract/base64.js';
import { CardSdkError } from '../contract/errors.js';
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

/** A base64 body or chunk as bytes; one that is not base64 fails the read with NETWORK_ERROR. */
export function bodyBytes(body: string): Uint8Array {
  try {
    return decodeBase64(body);
  } catch {
    throw new CardSdkError('NETWORK_ERROR', 'the response body is not base64', undefined, 'net.fetch');
  }
}

const toBytes = (chunk: BodyChunk): Uint8Array => (typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);

/** Wraps a raw `net.fetch` result (and its stream, for `responseType: "stream"`) as a `CardResponse`. */
export function createResponse(raw: NetRawResponse, type: NetResponseType, stream: BodyStream | null): CardResponse {
  let used = false;
  const claim = (): void => {
    if (used) throw new TypeError('body already used');
    used = true;
  };

  /** The body of a response that is not streamed, as its one chunk (decoded when it is base64). */
  const whole = (): BodyChunk =>
    type === 'base64'
      ? bodyBytes(raw.body ?? '')
      : type === 'json'
        ? raw.json === undefined
          ? ''
          : JSON.stringify(raw.json)
        : (raw.body ?? '');

  async function* chunkSource(): AsyncGenerator<BodyChunk, void, undefined> {
    if (stream) yield* stream.read();
    else yield whole();
  }

  const readBytes = async (): Promise<Uint8Array> => {
    if (!stream) return toBytes(whole());
    const parts: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of stream.read()) {
      parts.push(toBytes(chunk));
      length += parts[parts.length - 1].length;
    }
    const out = new Uint8Array(length);
    length = 0;
    for (const part of parts) {
      out.set(part, length);
      length += part.length;
    }
    return out;
  };

  const readText = async (): Promise<string> =>
    stream || type === 'base64' ? new TextDecoder().decode(await readBytes()) : (whole() as string);

  const chunks = (): AsyncIterable<BodyChunk> => {
    claim();
    return { [Symbol.asyncIterator]: () => chunkSource() };
  };

  async function* lineSource(): AsyncGenerator<string, void, undefined> {
    const decoder = new TextDecoder();
    let rest = '';
    for await (const chunk of chunkSource()) {
      rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      const lines = rest.split('\n');
      rest = lines.pop() as string;
      for (const line of lines) yield line.replace(/\r$/, '');
    }
    rest += decoder.decode();
    if (rest.length > 0) yield rest.replace(/\r$/, '');
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
