// The dev server's side of the page: the session it describes, its live events, and where findings go.
import type { FrameFinding } from './frame-findings.js';

/** The build state of the card's watch process. */
export interface BuildState {
  ok: boolean;
  output?: string;
}

/** `GET /__dev/session.json`: what the page hosts. */
export interface DevSession {
  manifest: unknown;
  cardUrl: string;
  cardOrigin: string;
  folder: string;
  build: BuildState;
  /** The per-session secret every report to the dev server carries. */
  token: string;
}

/** Handlers of the server's `/__dev/events` stream. */
export interface DevServerEvents {
  /** A watched file or the build output changed: reload the frame. */
  reload: (reason: string) => void;
  /** The manifest changed: rebuild the host. */
  manifest: (manifest: unknown) => void;
  /** The watch build finished, well or not. */
  build: (build: BuildState) => void;
  /** The browser reported a CSP refusal of the card frame to the server. */
  finding: (finding: FrameFinding) => void;
}

/** Reads the session the dev server prepared for the page. */
export async function loadDevSession(fetcher: typeof fetch = fetch, base = ''): Promise<DevSession> {
  const response = await fetcher(`${base}/__dev/session.json`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`the dev server answered ${response.status} for /__dev/session.json`);
  return (await response.json()) as DevSession;
}

/** A server event's JSON data as an object (empty when it is not one). */
export function parsed(event: Event): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(String((event as MessageEvent).data));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Where the page reads a card's server events: an `EventSource`, or the card's share of a canvas's one stream. */
export interface DevEventSource {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

/** Listens to the server's events on `source` (default the one-card page's stream); returns the close. */
export function listenDevEvents(
  handlers: DevServerEvents,
  source: DevEventSource = new EventSource('/__dev/events'),
): () => void {
  source.addEventListener('reload', (event) => {
    const reason = parsed(event).reason;
    handlers.reload(typeof reason === 'string' ? reason : 'change');
  });
  source.addEventListener('manifest', (event) => handlers.manifest(parsed(event).manifest));
  source.addEventListener('build', (event) => {
    const data = parsed(event);
    handlers.build(
      typeof data.output === 'string' ? { ok: data.ok === true, output: data.output } : { ok: data.ok === true },
    );
  });
  source.addEventListener('finding', (event) => {
    const { kind, message } = parsed(event);
    if (kind === 'csp' && typeof message === 'string') handlers.finding({ kind, message, time: Date.now() });
  });
  return () => source.close();
}

/**
 * Posts one JSON body to the dev server with the session's token (under `base`, a canvas card's routes); a server
 * that went away is not the page's problem.
 */
export function postToDevServer(
  path: '/__dev/finding' | '/__dev/error' | '/__dev/log',
  body: unknown,
  token: string,
  base = '',
): void {
  void fetch(`${base}${path}?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** Sends a frame finding where the terminal prints it: sandbox refusals as findings, errors as errors. */
export function reportFrameFinding(finding: FrameFinding, token: string, base = ''): void {
  if (finding.kind === 'sandbox' || finding.kind === 'warning') {
    const body: Record<string, unknown> = { kind: finding.kind, message: finding.message };
    if (finding.file !== undefined) body.file = finding.file;
    if (finding.line !== undefined) body.line = finding.line;
    postToDevServer('/__dev/finding', body, token, base);
  } else {
    const error: Record<string, unknown> = { ...finding };
    delete error.time;
    postToDevServer('/__dev/error', error, token, base);
  }
}
