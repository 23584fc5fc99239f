import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { createChannel } from './channel.js';
import { createScriptedHost, flush } from './scripted-host.test-helper.js';

describe('the channel without card rules', () => {
  it('sends any method with plain-JSON params, under the default size limit, and checks nothing else', async () => {
    const host = createScriptedHost().on('card.setStatus', () => 'ok');
    const channel = createChannel(host.cardPort);
    await expect(channel.request('card.setStatus', { tone: 'loud' })).resolves.toBe('ok');
    await expect(channel.request('card.setStatus', { at: () => 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const big = 'x'.repeat(LIMITS.messageBytes);
    await expect(channel.request('fs.write', { data: big })).rejects.toMatchObject({ code: 'TOO_LARGE' });
    expect(host.received.map((envelope) => envelope.method)).toEqual(['card.setStatus']);
    channel.close();
  });

  it("runs the opener's params check in place of the plain-JSON one, unless the request skips it", async () => {
    const host = createScriptedHost();
    const seen: string[] = [];
    const channel = createChannel(host.cardPort, {
      checkParams: (method) => {
        seen.push(method);
        return method === 'x.refused' ? new CardSdkError('INVALID_PARAMS', 'refused', undefined, method) : null;
      },
      requestLimit: (method) => (method === 'x.large' ? LIMITS.messageBytes * 2 : LIMITS.messageBytes),
    });
    await expect(channel.request('x.refused', { a: 1 })).rejects.toMatchObject({
      code: 'INVALID_PARAMS',
      method: 'x.refused',
    });
    await expect(channel.request('x.refused', { at: () => 1 }, { skipValidation: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    void channel.request('x.refused', {}, { skipValidation: true }).catch(() => undefined);
    void channel.request('x.large', { data: 'x'.repeat(LIMITS.messageBytes) }).catch(() => undefined);
    await flush();
    expect(seen).toEqual(['x.refused', 'x.large']);
    expect(host.received.map((envelope) => envelope.method)).toEqual(['x.refused', 'x.large']);
    channel.close();
  });
});
