// The dev page's event stream as a test reads it.

/**
 * Reads events from `/__dev/events` until `count` have arrived (or the time is up); with `kind`, only events of that
 * kind are kept and counted (a file watch may add a `reload` at any time).
 */
export async function readEvents(url: string, count: number, action: () => void, timeoutMs = 5000, kind?: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let acted = false;
  try {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event && data && (kind === undefined || event === kind)) events.push({ event, data: JSON.parse(data) });
      }
      if (!acted) {
        acted = true;
        action();
      }
    }
  } catch {
    // Aborted: the events so far are the answer.
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}
