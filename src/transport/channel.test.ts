import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import { createChannel } from './channel.js';
import { createScriptedHost, flush } from './scripted-host.test-helper.js';

afterEach(() => {
  vi.useRealTimers();
});

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

describe('deadlines', () => {
  it('runs a queued request’s timeoutMs from the moment it is made, with 64 requests in flight and none answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const host = createScriptedHost();
    const channel = createChannel(host.cardPort);
    const stuck = Array.from({ length: LIMITS.inFlightRequests }, () => channel.request('a.b').catch(() => 'closed'));
    const queued = channel.request('a.c', {}, { timeoutMs: 250 }).catch((error: unknown) => error);
    const later = channel.request('a.d').catch(() => 'closed');
    expect([channel.inFlight, channel.queued]).toEqual([LIMITS.inFlightRequests, 2]);
    vi.advanceTimersByTime(250);
    expect(await queued).toMatchObject({ code: 'TIMEOUT', hostMessage: 'no answer in 250 ms', method: 'a.c' });
    expect([channel.inFlight, channel.queued]).toEqual([LIMITS.inFlightRequests, 1]);
    await flush();
    host.respond(1, 'one');
    await flush();
    // The timed-out request never went out; the next one in the queue took the free slot.
    expect(host.received.map((envelope) => envelope.method).slice(-1)).toEqual(['a.d']);
    channel.close();
    await Promise.all([...stuck, later]);
  });
});

describe('a host that goes away', () => {
  it('closes the channel with UNAVAILABLE when the host closes its end of the port', async () => {
    const host = createScriptedHost();
    const channel = createChannel(host.cardPort);
    const closedWith: string[] = [];
    channel.onClose((error) => closedWith.push(error.hostMessage));
    const pending = channel.request('a.b').catch((error: unknown) => error);
    await flush();
    host.close();
    expect(await pending).toMatchObject({ code: 'UNAVAILABLE', hostMessage: 'the host closed the connection' });
    expect(channel.closed).toBe(true);
    expect(closedWith).toEqual(['the host closed the connection']);
  });

  it('after a first host.ping, closes with UNAVAILABLE when the host is silent past unresponsiveMs and one probe', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const host = createScriptedHost();
    const channel = createChannel(host.cardPort);
    channel.attach(() => undefined);
    host.emit('host.ping', { seq: 1 });
    await flush();
    const pending = channel.request('a.b').catch((error: unknown) => error);
    await flush();
    vi.advanceTimersByTime(LIMITS.unresponsiveMs);
    await flush();
    // One probe goes out first: a page whose timers ran late is not given up at once.
    expect(host.received.map((envelope) => [envelope.method, envelope.params])).toEqual([
      ['a.b', {}],
      ['host.pong', { seq: 0 }],
    ]);
    expect(channel.closed).toBe(false);
    vi.advanceTimersByTime(LIMITS.heartbeatMs);
    expect(await pending).toMatchObject({
      code: 'UNAVAILABLE',
      hostMessage: `the host stopped answering (no heartbeat in ${LIMITS.unresponsiveMs + LIMITS.heartbeatMs} ms)`,
    });
    expect(channel.closed).toBe(true);
  });

  it('stays open while the host keeps pinging or answers the probe, and watches nothing for a host that never pings', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const quiet = createScriptedHost();
    const unwatched = createChannel(quiet.cardPort);
    const host = createScriptedHost().on('host.pong', () => null);
    const channel = createChannel(host.cardPort);
    channel.attach(() => undefined);
    for (let seq = 1; seq <= 6; seq += 1) {
      host.emit('host.ping', { seq });
      await flush();
      vi.advanceTimersByTime(LIMITS.heartbeatMs);
    }
    expect(channel.closed).toBe(false);
    expect(host.received).toEqual([]);
    // Silent now, but each probe is answered: still alive.
    for (let second = 0; second < 40; second += 1) {
      vi.advanceTimersByTime(1000);
      await flush();
    }
    const probes = host.received.map((envelope) => envelope.method);
    expect(probes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(probes)).toEqual(new Set(['host.pong']));
    expect(channel.closed).toBe(false);
    vi.advanceTimersByTime(LIMITS.unresponsiveMs * 10);
    expect(unwatched.closed).toBe(false);
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    channel.close();
    unwatched.close();
  });
});
