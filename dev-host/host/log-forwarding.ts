// Every new `card.log.*` line the host records, handed on as it arrives (the terminal prints it).
import type { MockHost } from '../../src/testing/index.js';

/** One log line as the dev server takes it. */
export interface LogLine {
  level: string;
  message: string;
  data?: unknown;
  time: number;
}

/** Calls `send` for each log line the host records from now on; returns the stop. */
export function forwardLogs(host: MockHost, send: (line: LogLine) => void): () => void {
  let sent = host.logs.length;
  return host.subscribe(() => {
    const fresh = host.logs.slice(sent);
    sent = host.logs.length;
    const time = Date.now();
    for (const entry of fresh) {
      const line: LogLine = { level: entry.level, message: entry.message, time };
      const data = (entry as { data?: unknown }).data;
      if (data !== undefined) line.data = data;
      send(line);
    }
  });
}
