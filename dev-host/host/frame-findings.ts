// What the card frame's injected sandbox script reports: refusals of the sandbox and uncaught errors.

/**
 * A sandbox refusal, an uncaught error inside the card frame, a warning of the SDK (in the card or the canvas), or
 * a CSP refusal the browser reported to the dev server.
 */
export interface FrameFinding {
  kind: 'sandbox' | 'error' | 'warning' | 'csp';
  message: string;
  file?: string;
  line?: number;
  column?: number;
  stack?: string;
  /** When the page received it (ms since the epoch). */
  time: number;
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);
const optionalNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Reads a frame message `{ neurosquadDev: 1, kind, message, file?, line?, column?, stack? }`; null for others. */
export function readFrameFinding(data: unknown, time = Date.now()): FrameFinding | null {
  if (!data || typeof data !== 'object') return null;
  const value = data as Record<string, unknown>;
  if (value.neurosquadDev !== 1) return null;
  const kinds: unknown[] = ['sandbox', 'error', 'warning'];
  if (!kinds.includes(value.kind) || typeof value.message !== 'string') return null;
  const finding: FrameFinding = { kind: value.kind as FrameFinding['kind'], message: value.message, time };
  const file = optionalString(value.file);
  const line = optionalNumber(value.line);
  const column = optionalNumber(value.column);
  const stack = optionalString(value.stack);
  if (file !== undefined) finding.file = file;
  if (line !== undefined) finding.line = line;
  if (column !== undefined) finding.column = column;
  if (stack !== undefined) finding.stack = stack;
  return finding;
}
