// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { serveCardFrame } from './frame.js';

describe('serveCardFrame', () => {
  it('posts the connect handshake with a port, and serves the card on the other end', async () => {
    const posted: { message: any; origin: string; transfer: Transferable[] }[] = [];
    const server = serveCardFrame(
      { postMessage: (message, origin, transfer = []) => posted.push({ message, origin, transfer }) },
      { dispatch: () => ({ protocol: 1 }), grants: () => new Set(), visibility: () => 'visible' },
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]?.message).toEqual({ ns: 'nscard', type: 'connect', protocol: 1 });
    expect(posted[0]?.origin).toBe('*');
    const port = posted[0]?.transfer[0] as MessagePort;
    const answer = new Promise<any>((resolve) => {
      port.onmessage = (event) => resolve(event.data);
    });
    port.postMessage({
      ns: 'nscard',
      v: 1,
      kind: 'req',
      id: 1,
      method: 'host.ready',
      params: { sdkVersion: '1.3.0', protocol: 1 },
    });
    expect(await answer).toEqual({ ns: 'nscard', v: 1, kind: 'res', id: 1, ok: true, result: { protocol: 1 } });
    expect(server.ready).toBe(true);
    server.close();
    port.close();
  });
});
