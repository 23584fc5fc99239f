import { errorMessage } from './error-message.js';

/** Every error code a card can see, from the host or from the client itself. */
export const CARD_SDK_ERROR_CODES = [
  'BAD_REQUEST',
  'PROTOCOL_MISMATCH',
  'METHOD_NOT_FOUND',
  'INVALID_PARAMS',
  'TOO_LARGE',
  'TIMEOUT',
  'INTERNAL',
  'UNAVAILABLE',
  'RATE_LIMITED',
  'PERMISSION_DENIED',
  'NOT_CONNECTED',
  'NOT_VISIBLE',
  'NOT_READY',
  'HOST_NOT_ALLOWED',
  'BUDGET_PAUSED',
  'FS_DENIED',
  'FS_ERROR',
  'NETWORK_ERROR',
  'USER_CANCELLED',
  'NOT_FOUND',
  'QUOTA_EXCEEDED',
  'BUSY',
] as const;

/** One error code (see `CARD_SDK_ERROR_CODES`). */
export type CardSdkErrorCode = (typeof CARD_SDK_ERROR_CODES)[number];

/** The error object carried by an error response on the wire. */
export interface CardErrorPayload {
  code: string;
  message: string;
  data?: unknown;
}

/** Fixed help text appended to the message of errors with these codes. */
export const ERROR_HINTS: Readonly<Partial<Record<CardSdkErrorCode, string>>> = /* @__PURE__ */ Object.freeze({
  PERMISSION_DENIED:
    'Declare the permission in neurosquad-card.json ("permissions"), or ask for an optional one with card.permissions.request().',
  NOT_CONNECTED: 'Draw an arrow between this card and the target card on the canvas.',
  NOT_VISIBLE: 'This needs the card on screen; try again when card.visibility is "visible".',
  NOT_READY: 'Wait for connect() to resolve before calling the API.',
  PROTOCOL_MISMATCH: 'This card needs a newer NeuroSquad — update the app.',
  HOST_NOT_ALLOWED: 'Add the host to the "network" permission\'s "hosts" (or use "network.local" for localhost).',
  BUDGET_PAUSED: 'The workspace is over its budget; raise the limit in the Budget card.',
  FS_DENIED: 'Use a path relative to the workspace folder, outside .git/.',
});

/** Help for every code: the fixed hints above, and for the other codes a hint kept on `error.hint` only. */
export const CODE_HINTS: Readonly<Record<CardSdkErrorCode, string>> = /* @__PURE__ */ Object.freeze({
  ...(ERROR_HINTS as Record<keyof typeof ERROR_HINTS, string>),
  BAD_REQUEST: 'The message broke the card protocol; update @neurosquad/card-sdk.',
  METHOD_NOT_FOUND: 'Check card.host.supports(method) before calling it.',
  INVALID_PARAMS: 'error.issues lists each path and rule.',
  TOO_LARGE: 'Send less at once (see card.context.limits).',
  TIMEOUT: 'Retry, or pass a longer timeoutMs.',
  INTERNAL: 'The app failed; retry, and report it with the card log if it persists.',
  UNAVAILABLE: 'The app or the target cannot answer now; retry later.',
  RATE_LIMITED: 'Wait error.retryAfterMs ms, then retry.',
  FS_ERROR: 'Check that the path exists and is not in use.',
  NETWORK_ERROR: 'Check the URL and the connection, then retry.',
  USER_CANCELLED: 'The user or the app cancelled it; do not retry on your own.',
  NOT_FOUND: 'Check the id: agents, cards and files must exist, ports and tools be declared.',
  QUOTA_EXCEEDED: 'A card quota is used up (card.context.limits); free some or wait.',
  BUSY: 'Retry when the target is idle, or send with { whenBusy: "queue" }.',
});

const CODE_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(CARD_SDK_ERROR_CODES);

/** True when `value` is one of the known error codes. */
export function isCardSdkErrorCode(value: unknown): value is CardSdkErrorCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

// One key for every copy of the SDK in a realm: a vanilla card runs its vendored build while its tests use the npm
// one, and each must recognise the other's errors.
const BRAND = Symbol.for('@neurosquad/card-sdk:CardSdkError');

/** A refusal or failure of a card API call: a code, the raw message, the method, data and a hint. */
export class CardSdkError extends Error {
  /** What went wrong, as a stable code to branch on (`PERMISSION_DENIED`, `TIMEOUT`, …). */
  readonly code: CardSdkErrorCode;
  /** The raw message from the host (or the client), without method, code or hint. */
  readonly hostMessage: string;
  /** Extra payload: `{ retryAfterMs }`, `{ permission }`, a schema issue list, … */
  readonly data?: unknown;
  /** The method that failed, when known. */
  readonly method?: string;
  /** What to do about it: a hint for this failure, else the code's hint (`CODE_HINTS`). */
  readonly hint: string;

  /**
   * `hint` replaces the code's hint and is added to the message; without it, the message carries only the
   * fixed hints of `ERROR_HINTS` (as in 1.3).
   */
  constructor(code: CardSdkErrorCode, hostMessage: string, data?: unknown, method?: string, hint?: string) {
    const shown = hint ?? ownEntry(ERROR_HINTS, code);
    // A host message that already starts with the method ("agents.list needs agents.read") is not prefixed again.
    const repeats = !!method && hostMessage.startsWith(method) && /^[ :]/.test(hostMessage.slice(method.length));
    const prefix = method && !repeats ? `${method}: ` : '';
    super(`${prefix}${hostMessage} [${code}]${shown ? ` — ${shown}` : ''}`);
    this.name = 'CardSdkError';
    this.code = code;
    this.hostMessage = hostMessage;
    if (data !== undefined) this.data = data;
    if (method !== undefined) this.method = method;
    // Unknown codes from a newer host have no entry in the table.
    this.hint = hint ?? ownEntry(CODE_HINTS, code) ?? 'See the error code in the card SDK documentation.';
  }

  /** Milliseconds to wait before retrying (`data.retryAfterMs`), for RATE_LIMITED. */
  get retryAfterMs(): number | undefined {
    const value = dataField(this.data, 'retryAfterMs');
    return typeof value === 'number' ? value : undefined;
  }

  /** The missing permission (`data.permission`), for PERMISSION_DENIED. */
  get permission(): string | undefined {
    const value = dataField(this.data, 'permission');
    return typeof value === 'string' ? value : undefined;
  }

  /** The schema issues (`data` when it is a list), for INVALID_PARAMS. */
  get issues(): unknown[] | undefined {
    return Array.isArray(this.data) ? this.data : undefined;
  }

  /** The wire form `{ code, message, data? }` with the raw message. */
  toJSON(): CardErrorPayload {
    const payload: CardErrorPayload = { code: this.code, message: this.hostMessage };
    if (this.data !== undefined) payload.data = this.data;
    return payload;
  }

  /** Marks errors of every copy of the SDK (see `instanceof`). */
  get [BRAND](): true {
    return true;
  }

  /** `instanceof CardSdkError` also holds for an error made by another copy of the SDK (a vendored build). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    if (this !== CardSdkError || value === null || typeof value !== 'object') return false;
    try {
      return (value as { [BRAND]?: unknown })[BRAND] === true;
    } catch {
      // A hostile proxy whose getter throws is not an error of ours.
      return false;
    }
  }

  /** Builds an error from a wire payload; unknown codes are kept as given. */
  static fromPayload(error: CardErrorPayload, method?: string): CardSdkError {
    const code = (typeof error?.code === 'string' ? error.code : 'INTERNAL') as CardSdkErrorCode;
    const message = typeof error?.message === 'string' ? error.message : errorMessage(error?.message ?? '');
    return new CardSdkError(code, message, error?.data, method);
  }
}

/** A table entry by own key only: a host code named `toString` or `__proto__` finds nothing. */
function ownEntry(table: Readonly<Partial<Record<string, string>>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

function dataField(data: unknown, key: string): unknown {
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

/** True when `error` is a `CardSdkError`, and (if given) has the code `code`. */
export function isCardSdkError(error: unknown, code?: CardSdkErrorCode): error is CardSdkError {
  return error instanceof CardSdkError && (code === undefined || error.code === code);
}
