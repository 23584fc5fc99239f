import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** The origins a page served by a dev server on `port` has: its loopback names on that port. */
export function loopbackOrigins(port: number): string[] {
  return LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
}

/**
 * Whether a request comes from one of `origins`, or from no page that says (a navigation, a script or image tag,
 * a tool like curl). A page of another site that fetches this server says its origin, and is refused, even where
 * the browser would keep it from reading the answer.
 */
function fromOrigins(request: IncomingMessage, origins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origins.includes(origin);
}

/**
 * Whether a request names this server by its loopback name and port in `Host`. A page on another site whose
 * name resolves to 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
 */
export function isLoopbackHost(request: IncomingMessage, port: number): boolean {
  const host = (request.headers.host ?? '').toLowerCase();
  return LOOPBACK_NAMES.some((name) => host === `${name}:${port}` || (port === 80 && host === name));
}

/**
 * Answers 403 to a request that does not name this server on `port` by a loopback name, or that comes from a page
 * outside `origins` (when given): true when it answered, and the route must not.
 */
export function refuseStranger(
  request: IncomingMessage,
  response: ServerResponse,
  port: number,
  origins?: readonly string[],
): boolean {
  const refusal = !isLoopbackHost(request, port)
    ? 'forbidden host\n'
    : origins && !fromOrigins(request, origins)
      ? 'forbidden origin\n'
      : null;
  if (refusal) response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(refusal);
  return refusal !== null;
}
