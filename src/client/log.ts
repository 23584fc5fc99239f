import * as LIMITS from '../contract/limit-values.js';
import type { LogLevel } from '../contract/constants.js';
import type { Channel } from '../transport/channel.js';

/** `card.log`: lines go to the package log (`host.log`), at most 49 a second. */
export interface CardLog {
  /** Logs at debug level. */
  debug(...args: unknown[]): void;
  /** Logs at info level. */
  info(...args: unknown[]): void;
  /** Logs at warn level. */
  warn(...args: unknown[]): void;
  /** Logs at error level. */
  error(...args: unknown[]): void;
}

// The host allows 50 lines a second; one is kept free for the "dropped" notice.
const LINES_PER_WINDOW = LIMITS.logLinesPerSecond - 1;
const WINDOW_MS = 1000;

/** Formats one log argument: strings as is, errors by stack (or `Name: message`), the rest as JSON. */
export function formatLogValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack || `${value.name}: ${value.message}`;
  try {
    const json = JSON.stringify(value);
    return json === undefined ? String(value) : json;
  } catch {
    return String(value);
  }
}

/** Formats log arguments into one line of at most `LIMITS.logLineChars` characters. */
export function formatLogLine(args: readonly unknown[]): string {
  return args.map(formatLogValue).join(' ').slice(0, LIMITS.logLineChars);
}

/** Builds `card.log` over a channel, applying the per-second rate rule. */
export function createLog(channel: Channel, now: () => number = Date.now): CardLog {
  let windowStart = -Infinity;
  let sent = 0;
  let dropped = 0;

  const post = (level: LogLevel, message: string): void => {
    // Log lines are best effort: a refused line must not produce another line.
    channel.request('host.log', { level, message }).catch(() => undefined);
  };

  const write = (level: LogLevel, args: readonly unknown[]): void => {
    if (channel.closed) return;
    const time = now();
    if (time - windowStart >= WINDOW_MS) {
      windowStart = time;
      sent = 0;
      if (dropped > 0) {
        // The notice uses the line kept free for it, so the window still has room for 49 lines of the card.
        post('warn', `[card-sdk] ${dropped} log lines dropped (limit ${LIMITS.logLinesPerSecond}/s)`);
        dropped = 0;
      }
    }
    if (sent >= LINES_PER_WINDOW) {
      dropped += 1;
      return;
    }
    sent += 1;
    post(level, formatLogLine(args));
  };

  return {
    debug: (...args) => write('debug', args),
    info: (...args) => write('info', args),
    warn: (...args) => write('warn', args),
    error: (...args) => write('error', args),
  };
}
