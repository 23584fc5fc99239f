// One raw HTTP request against a dev server, as a hostile page or tool would send it.
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';

/** What a raw request got back. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw HTTP request: the path is sent exactly as written (no URL normalisation), any Host and Origin. */
export function raw(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Asks for `path` under foreign names (another site, another port, a rebinding name): each one is refused. */
export async function expectForeignHostsRefused(origin: string, path: string): Promise<void> {
  const { port } = new URL(origin);
  for (const host of [
    `evil.example:${port}`,
    'evil.example',
    `127.0.0.1:${Number(port) + 1}`,
    `127.0.0.1.nip.io:${port}`,
  ]) {
    const answer = await raw(origin, path, { headers: { host } });
    expect(answer.status, host).toBe(403);
    expect(answer.body).not.toContain('<html');
  }
}
