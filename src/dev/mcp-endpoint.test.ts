import { describe, expect, it } from 'vitest';
import { mcpRefusal } from './mcp-endpoint.js';

const TOKEN = 'a'.repeat(32);
const ok = { host: '127.0.0.1:5180', authorization: `Bearer ${TOKEN}` };

describe('who may use the MCP endpoint', () => {
  it('lets a loopback client in with the token, with no Origin or the page own origin', () => {
    expect(mcpRefusal(ok, 5180, TOKEN)).toBeNull();
    expect(mcpRefusal({ ...ok, host: 'localhost:5180' }, 5180, TOKEN)).toBeNull();
    expect(mcpRefusal({ ...ok, origin: 'http://127.0.0.1:5180' }, 5180, TOKEN)).toBeNull();
    expect(mcpRefusal({ ...ok, authorization: `bearer ${TOKEN}` }, 5180, TOKEN)).toBeNull();
  });

  it('refuses another Host (DNS rebinding) or port, and a foreign or opaque Origin, with 403', () => {
    expect(mcpRefusal({ ...ok, host: 'evil.example:5180' }, 5180, TOKEN)).toEqual({
      status: 403,
      message: 'forbidden Host: use http://127.0.0.1:5180/mcp',
    });
    expect(mcpRefusal({ ...ok, host: '127.0.0.1:5181' }, 5180, TOKEN)?.status).toBe(403);
    expect(mcpRefusal({ ...ok, origin: 'https://evil.example' }, 5180, TOKEN)).toEqual({
      status: 403,
      message: "forbidden Origin https://evil.example: only this machine's clients and the dev page",
    });
    expect(mcpRefusal({ ...ok, origin: 'null' }, 5180, TOKEN)?.status).toBe(403);
    expect(mcpRefusal({ ...ok, origin: 'http://127.0.0.1:6006' }, 5180, TOKEN)?.status).toBe(403);
  });

  it('refuses a missing, wrong or differently long token with 401', () => {
    const refused = { status: 401, message: expect.stringContaining('missing or wrong bearer token') as string };
    expect(mcpRefusal({ host: ok.host }, 5180, TOKEN)).toEqual(refused);
    expect(mcpRefusal({ ...ok, authorization: `Bearer ${'b'.repeat(32)}` }, 5180, TOKEN)).toEqual(refused);
    expect(mcpRefusal({ ...ok, authorization: `Bearer ${TOKEN}x` }, 5180, TOKEN)).toEqual(refused);
    expect(mcpRefusal({ ...ok, authorization: TOKEN }, 5180, TOKEN)).toEqual(refused);
  });
});
