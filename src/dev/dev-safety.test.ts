// @vitest-environment node
// `neurosquad-card dev` tried as a hostile page and a hostile card folder would: raw HTTP requests against the
// real servers (files outside the folder, foreign Host and Origin, forged reports, framing, named pipes).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestBin } from '../cli/test-bin.js';
import { tempFolders, writeFiles, writeValidCard } from '../cli/test-folders.js';
import { processesIn } from './dev-e2e.test-helper.js';
import { hostileCard } from './hostile-card.test-helper.js';
import { expectForeignHostsRefused, raw } from './raw-request.test-helper.js';
import { startDevServer, type DevServer } from './dev-server.js';

const { temp } = tempFolders();
const running: DevServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(folder: string, pageDir = temp()) {
  const printed: string[] = [];
  const server = await startDevServer({
    folder,
    port: 0,
    pageDir,
    build: false,
    out: (text) => void printed.push(text),
  });
  running.push(server);
  return { server, printed: () => printed.join('') };
}

describe('card files', () => {
  it('never serves a file through a symbolic link: to /etc/passwd, beside the folder, a linked folder, or inside', async () => {
    const { folder } = hostileCard(temp);
    const { server } = await start(folder);
    const root = new URL('.', server.cardUrl).pathname;
    for (const name of ['beside.txt', 'passwd.txt', 'linked/notes.txt', 'inside-link.js']) {
      const answer = await raw(server.cardOrigin, `${root}${name}`);
      expect(answer.status, name).toBe(404);
      expect(answer.body).not.toContain('root:x:0:0');
    }
    expect((await raw(server.cardOrigin, `${root}render.js`)).status).toBe(200);
  });

  it('refuses `..` in every encoding, backslashes and NULs, and serves nothing outside the folder', async () => {
    const { folder } = hostileCard(temp);
    const { server } = await start(folder);
    const root = new URL('.', server.cardUrl).pathname;
    const attempts = [
      '../outside.txt',
      '%2e%2e/outside.txt',
      '%2E%2E/outside.txt',
      '.%2e/outside.txt',
      '%2e./outside.txt',
      '..%2foutside.txt',
      '..%2Foutside.txt',
      '%2e%2e%2foutside.txt',
      '..%5coutside.txt',
      '..\\outside.txt',
      '%252e%252e/outside.txt',
      '%c0%ae%c0%ae/outside.txt',
      '%e0%80%ae%e0%80%ae/outside.txt',
      'x/..%2f..%2foutside.txt',
      'render.js%00.txt',
      '../../../../../../etc/passwd',
      '%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    ];
    for (const attempt of attempts) {
      const answer = await raw(server.cardOrigin, `${root}${attempt}`);
      expect(answer.status, attempt).toBe(404);
      expect(answer.body, attempt).not.toContain('root:x:0:0');
    }
    for (const attempt of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt', '/etc/passwd']) {
      expect((await raw(server.cardOrigin, attempt)).body, attempt).not.toContain('root:x:0:0');
    }
  });

  it('serves the files only under the session secret, to the loopback Host and the frame or the page, CORS only for the opaque frame', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server } = await start(folder);
    const entry = new URL(server.cardUrl).pathname;
    expect(entry).toMatch(/^\/[\w-]{24}\/index\.html$/);
    // Without the secret a page that learned the port finds nothing.
    for (const path of ['/index.html', '/main.js', '/', '/neurosquad-card.json']) {
      expect((await raw(server.cardOrigin, path)).status, path).toBe(404);
    }
    const { port } = new URL(server.cardOrigin);
    await expectForeignHostsRefused(server.cardOrigin, entry);
    expect((await raw(server.cardOrigin, entry, { headers: { host: `localhost:${port}` } })).status).toBe(200);
    // A page of another site that fetches a card file says its origin: refused, not only kept from reading.
    const foreign = await raw(server.cardOrigin, entry, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toBe('forbidden origin\n');
    for (const origin of [server.cardOrigin, new URL(server.hostUrl).origin]) {
      const answer = await raw(server.cardOrigin, entry, { headers: { origin } });
      expect(answer.status, origin).toBe(200);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    const plain = await raw(server.cardOrigin, entry);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const frame = await raw(server.cardOrigin, entry.replace('index.html', 'main.js'), { headers: { origin: 'null' } });
    expect(frame.headers['access-control-allow-origin']).toBe('null');
  });

  it('answers 20 concurrent requests for a named pipe with 404 while the page and the card still load', async () => {
    const folder = temp();
    writeValidCard(folder);
    execFileSync('mkfifo', [join(folder, 'pipe.js')]);
    const pageDir = temp();
    writeFiles(pageDir, { 'index.html': '<!doctype html><title>dev host</title>' });
    execFileSync('mkfifo', [join(pageDir, 'pipe.js')]);
    const { server } = await start(folder, pageDir);
    const started = Date.now();
    const pipe = new URL('pipe.js', server.cardUrl).pathname;
    const pipes = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? raw(server.cardOrigin, pipe) : raw(server.hostUrl, '/pipe.js'),
    );
    const [page, entry, script] = await Promise.all([
      raw(server.hostUrl, '/'),
      raw(server.cardOrigin, new URL(server.cardUrl).pathname),
      raw(server.cardOrigin, new URL('main.js', server.cardUrl).pathname),
    ]);
    expect([page.status, entry.status, script.status]).toEqual([200, 200, 200]);
    expect((await Promise.all(pipes)).map((answer) => answer.status)).toEqual(Array(20).fill(404));
    expect(Date.now() - started).toBeLessThan(5000);
    await server.close();
  });
});

describe('the dev page and its reports', () => {
  it('refuses a foreign Host and cannot be framed by another site', async () => {
    const folder = temp();
    writeValidCard(folder);
    const pageDir = temp();
    writeFiles(pageDir, { 'index.html': '<!doctype html><title>dev host</title>' });
    const { server } = await start(folder, pageDir);
    const { port } = new URL(server.hostUrl);
    for (const path of ['/', '/__dev/session.json', '/__dev/events']) {
      const answer = await raw(server.hostUrl, path, { headers: { host: `rebound.example:${port}` } });
      expect(answer.status, path).toBe(403);
      expect(answer.body).not.toContain('token');
    }
    // Another site's page that fetches the page's routes (under the loopback name) says its origin: refused.
    for (const path of ['/', '/__dev/session.json', '/__dev/events']) {
      const answer = await raw(server.hostUrl, path, { headers: { origin: 'https://evil.example' } });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toBe('forbidden origin\n');
    }
    expect((await raw(server.hostUrl, '/__dev/session.json', { headers: { origin: 'null' } })).status).toBe(403);
    const own = await raw(server.hostUrl, '/__dev/session.json', {
      headers: { origin: new URL(server.hostUrl).origin },
    });
    expect(own.status).toBe(200);
    for (const path of ['/', '/__dev/session.json', '/missing']) {
      const answer = await raw(server.hostUrl, path);
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
      expect(answer.headers['content-security-policy'], path).toBe("frame-ancestors 'none'");
      expect(answer.headers['access-control-allow-origin'], path).toBeUndefined();
    }
  });

  it('prints no line posted by another site, without the session token, or with the card report token elsewhere', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server, printed } = await start(folder);
    const origin = new URL(server.hostUrl).origin;
    const { token } = JSON.parse((await raw(server.hostUrl, '/__dev/session.json')).body) as { token: string };
    const csp = (await raw(server.cardOrigin, new URL(server.cardUrl).pathname)).headers['content-security-policy'];
    const reportPath = new URL(/report-uri (\S+)/.exec(String(csp))?.[1] ?? '').pathname;
    const reportToken = new URL(/report-uri (\S+)/.exec(String(csp))?.[1] ?? '').searchParams.get('token') ?? '';
    expect(reportToken).not.toBe(token);
    const forged = (path: string, headers: Record<string, string>) =>
      raw(server.hostUrl, path, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...headers },
        body: JSON.stringify({
          level: 'error',
          message: 'FORGED',
          kind: 'sandbox',
          'csp-report': { 'blocked-uri': 'FORGED', 'effective-directive': 'script-src' },
        }),
      }).then((answer) => answer.status);
    const attempts: [string, Record<string, string>][] = [];
    for (const kind of ['log', 'finding', 'error']) {
      attempts.push(
        [`/__dev/${kind}`, { origin: 'https://evil.example' }],
        [`/__dev/${kind}`, {}],
        [`/__dev/${kind}`, { origin }],
        [`/__dev/${kind}?token=${token}`, { origin: 'https://evil.example' }],
        [`/__dev/${kind}?token=${token}`, { origin: 'null' }],
        [`/__dev/${kind}?token=${token}`, {}],
        [`/__dev/${kind}?token=${reportToken}`, { origin }],
      );
    }
    attempts.push(
      ['/__dev/csp', {}],
      ['/__dev/csp', { origin: 'null' }],
      [`/__dev/csp?token=${token}`, { origin: 'null' }],
      [`/__dev/csp?token=${reportToken}`, { origin: 'https://evil.example' }],
    );
    for (const [path, headers] of attempts)
      expect(await forged(path, headers), `${path} ${JSON.stringify(headers)}`).toBe(403);
    expect(printed()).not.toContain('FORGED');
    // The page itself, and the browser's CSP report for the frame, still get through.
    expect(await forged(`/__dev/log?token=${token}`, { origin })).toBe(204);
    expect(await forged(`${reportPath}?token=${reportToken}`, { origin: 'null' })).toBe(204);
    expect(printed().match(/FORGED/g)).toHaveLength(2);
  });
});

describe('stopping', () => {
  it('stops waiting for the first build, and the build, when the session is aborted', async () => {
    const folder = temp();
    writeValidCard(folder, { entry: 'dist/index.html' });
    writeFiles(folder, {
      'package.json': JSON.stringify({ name: 'test-radar', version: '1.0.0', scripts: { watch: 'node watch.mjs' } }),
      'watch.mjs':
        "import { writeFileSync } from 'node:fs';\nwriteFileSync('started', String(process.pid));\nsetInterval(() => {}, 1000);\n",
    });
    const controller = new AbortController();
    const starting = startDevServer({
      folder,
      port: 0,
      pageDir: temp(),
      out: () => undefined,
      signal: controller.signal,
    });
    const started = join(folder, 'started');
    for (let i = 0; i < 400 && !existsSync(started); i += 1) await new Promise((r) => setTimeout(r, 25));
    const pid = Number(readFileSync(started, 'utf8'));
    controller.abort();
    await expect(starting).rejects.toThrow('stopped before the first build wrote the entry');
    const state = () =>
      existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] : 'gone';
    for (let i = 0; i < 100 && !['gone', 'Z', 'X'].includes(state() ?? ''); i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(['gone', 'Z', 'X']).toContain(state());
  });
});

describe('the neurosquad-card bin', () => {
  let bin = '';
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    bin = await buildTestBin('dev-safety-bin');
  }, 120_000);
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** A card whose watch build starts a child of its own and never writes the entry. */
  function slowBuildCard(): string {
    const folder = temp();
    writeValidCard(folder, { entry: 'dist/index.html' });
    writeFiles(folder, {
      'package.json': JSON.stringify({ name: 'test-radar', version: '1.0.0', scripts: { watch: 'node watch.mjs' } }),
      'watch.mjs':
        "import { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\n" +
        "spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });\n" +
        "writeFileSync('started', 'yes');\nsetInterval(() => {}, 1000);\n",
    });
    return folder;
  }

  function run(folder: string, args: string[] = []) {
    const child = spawn(process.execPath, [bin, 'dev', '--no-open', '--port', '0', ...args], {
      cwd: folder,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const waitFor = async (done: () => boolean, what: string) => {
      for (let i = 0; i < 600 && !done(); i += 1) await new Promise((r) => setTimeout(r, 25));
      if (!done()) throw new Error(`no ${what}:\n${output}`);
    };
    return { child, exited, output: () => output, waitFor };
  }

  const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> =>
    Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

  it.each([
    ['SIGINT (Ctrl-C)', (child: ChildProcess) => child.kill('SIGINT')],
    ['SIGTERM', (child: ChildProcess) => child.kill('SIGTERM')],
    ['q on a piped standard input', (child: ChildProcess) => child.stdin?.write('q')],
  ])(
    '%s while the first build runs ends dev and the whole build',
    async (_name, quit) => {
      const folder = slowBuildCard();
      const dev = run(folder);
      await dev.waitFor(() => existsSync(join(folder, 'started')) && processesIn(folder).length >= 3, 'build');
      quit(dev.child);
      expect(await within(dev.exited, 10_000)).toBe(0);
      expect(dev.output()).toContain('Stopped before the dev host was up');
      await expect.poll(() => processesIn(folder), { timeout: 5000 }).toEqual([]);
    },
    60_000,
  );

  it.each([
    ['q on a piped standard input', (child: ChildProcess) => child.stdin?.write('q')],
    ['SIGTERM', (child: ChildProcess) => child.kill('SIGTERM')],
  ])(
    '%s once the host is up ends dev',
    async (_name, quit) => {
      const folder = temp();
      writeValidCard(folder);
      const dev = run(folder);
      await dev.waitFor(() => dev.output().includes('on the dev host'), 'start');
      quit(dev.child);
      expect(await within(dev.exited, 10_000)).toBe(0);
      expect(dev.output()).toContain('Stopping the dev host…');
      expect(processesIn(folder)).toEqual([]);
    },
    60_000,
  );
});
