// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { README_MANIFEST } from './fixtures.js';
import { createMockHost, replayFrom } from './index.js';
import type { NetRecording, NetRecordingEntry } from './index.js';

function entry(patch: Partial<NetRecordingEntry> = {}): NetRecordingEntry {
  return {
    method: 'GET',
    url: 'https://api.github.com/repos/o/r/pulls',
    responseUrl: 'https://api.github.com/repos/o/r/pulls',
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': 'application/json', etag: '"p1"' },
    encoding: 'text',
    body: '[{"number":1}]',
    ...patch,
  };
}

async function cardOn(recording: string | NetRecording) {
  return createMockHost({ manifest: README_MANIFEST, fetch: replayFrom(recording) }).connect();
}

describe('replayFrom', () => {
  it('answers each request with the recorded responses to its method and URL in order, the last one again after', async () => {
    const card = await cardOn({
      version: 1,
      entries: [
        entry(),
        entry({ status: 304, statusText: 'Not Modified', body: '' }),
        entry({ method: 'POST', body: '{"created":true}', status: 201, statusText: 'Created' }),
      ],
    });
    const url = 'https://api.github.com/repos/o/r/pulls';
    const first = await card.net.fetch(url, { responseType: 'json' });
    expect([first.status, await first.json(), first.headers.get('etag')]).toEqual([200, [{ number: 1 }], '"p1"']);
    const second = await card.net.fetch(url, { responseType: 'json' });
    expect([second.status, await second.json()]).toEqual([304, null]);
    expect((await card.net.fetch(url, { responseType: 'json' })).status).toBe(304);
    const posted = await card.net.fetch(url, { method: 'POST', body: { title: 'x' }, responseType: 'json' });
    expect([posted.status, await posted.json()]).toEqual([201, { created: true }]);
    card.close();
  });

  it('gives base64 bodies and chunks back as bytes', async () => {
    const card = await cardOn({
      version: 1,
      entries: [entry({ encoding: 'base64', body: 'AAEC/w==', chunks: ['AAE=', 'Av8='] })],
    });
    const url = 'https://api.github.com/repos/o/r/pulls';
    expect([...(await (await card.net.fetch(url, { responseType: 'base64' })).bytes())]).toEqual([0, 1, 2, 255]);
    const pieces: unknown[] = [];
    for await (const chunk of await card.net.fetch(url, { responseType: 'stream' }))
      // The end of the stream arrives as an empty text chunk.
      if (chunk.length > 0) pieces.push([...(chunk as Uint8Array)]);
    expect(pieces).toEqual([
      [0, 1],
      [2, 255],
    ]);
    card.close();
  });

  it('fails a request with no recorded answer with NETWORK_ERROR naming the method and URL', async () => {
    const card = await cardOn({ version: 1, entries: [entry()] });
    await expect(card.net.fetch('https://api.github.com/repos/o/r/issues', { method: 'DELETE' })).rejects.toMatchObject(
      {
        code: 'NETWORK_ERROR',
        hostMessage: 'no recorded answer for DELETE https://api.github.com/repos/o/r/issues in the recording',
        method: 'net.fetch',
      },
    );
    card.close();
  });

  it('reads a recording file by its path, and refuses a file or value that is not a recording', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ns-replay-'));
    const good = join(folder, 'good.json');
    writeFileSync(good, JSON.stringify({ version: 1, entries: [entry()] }));
    expect(replayFrom(good)({ method: 'GET', url: entry().url, headers: {} })).toMatchObject({ status: 200 });
    const notJson = join(folder, 'bad.json');
    writeFileSync(notJson, 'not json');
    expect(() => replayFrom(notJson)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAMS', hostMessage: `${notJson}: not JSON` }),
    );
    expect(() => replayFrom(join(folder, 'none.json'))).toThrow(/replayFrom: cannot read .*none\.json: ENOENT/);
    const bad = (value: unknown) => () => replayFrom(value as NetRecording);
    expect(bad(null)).toThrow('the recording: not a network recording (a JSON object)');
    expect(bad({ version: 2, entries: [] })).toThrow('the recording: version must be 1');
    expect(bad({ version: 1, entries: [entry({ status: 2.5 })] })).toThrow('entries[0]: status is not an integer');
    expect(bad({ version: 1, entries: [entry({ encoding: 'hex' as 'text' })] })).toThrow('entries[0]: encoding is not');
    expect(bad({ version: 1, entries: [entry({ headers: { a: 1 as unknown as string } })] })).toThrow(
      'entries[0]: a header value is not a string',
    );
    expect(bad({ version: 1, entries: [entry({ chunks: [1 as unknown as string] })] })).toThrow(
      'entries[0]: chunks is not a list of strings',
    );
  });

  it('asks for the parsed recording where no file can be read (a browser)', () => {
    vi.stubGlobal('process', undefined);
    try {
      expect(() => replayFrom('net.json')).toThrow(
        'replayFrom("net.json"): a file is read only in Node; pass the parsed recording instead',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
