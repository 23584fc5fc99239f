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
export const ERROR_HINTS: Readonly<Partial<Record<CardSdkErrorCode, string>>> = Object.freeze({
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

const CODE_SET: ReadonlySet<string> = new Set(CARD_SDK_ERROR_CODES);

/** True when `value` is one of the known error codes. */
export function isCardSdkErrorCode(value: unknown): value is CardSdkErrorCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

/** A refusal or failure of a card API call: a code, the raw message, the method, data and a hint. */
export class CardSdkError extends Error {
  /** The error code. */
  readonly code: CardSdkErrorCode;
  /** The raw message from the host (or the client), without method, code or hint. */
  readonly hostMessage: string;
  /** Extra payload: `{ retryAfterMs }`, `{ permission }`, a schema issue list, … */
  readonly data?: unknown;
  /** The method that failed, when known. */
  readonly method?: string;
  /** Fixed help text for some codes. */
  readonly hint?: string;

  constructor(code: CardSdkErrorCode, hostMessage: string, data?: unknown, method?: string) {
    const hint = ERROR_HINTS[code];
    super(`${method ? `${method}: ` : ''}${hostMessage} [${code}]${hint ? ` — ${hint}` : ''}`);
    this.name = 'CardSdkError';
    this.code = code;
    this.hostMessage = hostMessage;
    if (data !== undefined) this.data = data;
    if (method !== undefined) this.method = method;
    if (hint !== undefined) this.hint = hint;
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

  /** Builds an error from a wire payload; unknown codes are kept as given. */
  static fromPayload(error: CardErrorPayload, method?: string): CardSdkError {
    const code = (typeof error?.code === 'string' ? error.code : 'INTERNAL') as CardSdkErrorCode;
    const message = typeof error?.message === 'string' ? error.message : String(error?.message ?? '');
    return new CardSdkError(code, message, error?.data, method);
  }
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
