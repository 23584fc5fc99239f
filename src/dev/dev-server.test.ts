// @vitest-environment node
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, get as httpGet } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RefusalError } from '../cli/io.js';
import { cardManifest, tempFolders, writeFiles, writeValidCard } from '../cli/test-folders.js';
import { startDevServer, type DevServer } from './dev-server.js';
import { DEV_SANDBOX_TAG } from './sandbox-script.js';
import { readEvents } from './dev-events.test-helper.js';

const { temp } = tempFolders();
const running: DevServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(folder: string, extra: { build?: boolean; logs?: boolean; pageDir?: string } = {}) {
  const printed: string[] = [];
  const pageDir = extra.pageDir ?? temp();
  const server = await startDevServer({
    folder,
    port: 0,
    pageDir,
    build: extra.build ?? true,
    logs: extra.logs ?? true,
    out: (text) => void printed.push(text),
    debounceMs: 30,
    entryTimeoutMs: 20_000,
  });
  running.push(server);
  return { server, printed: () => printed.join('') };
}

/** Posts a report as the dev page does: its origin and the session's token (CSP reports: the card's report URL). */
async function reporter(server: DevServer) {
  const { token } = (await (await fetch(`${server.hostUrl}__dev/session.json`)).json()) as { token: string };
  const csp = (await fetch(server.cardUrl)).headers.get('content-security-policy') ?? '';
  const reportUrl = /report-uri (\S+)/.exec(csp)?.[1] ?? '';
  const origin = new URL(server.hostUrl).origin;
  return (path: string, body: unknown) =>
    fetch(path === 'csp' ? reportUrl : `${server.hostUrl}__dev/${path}?token=${token}`, {
      method: 'POST',
      headers: path === 'csp' ? {} : { origin },
      body: JSON.stringify(body),
    }).then((response) => response.status);
}

describe('the card origin', () => {
  it("serves the card's files with the app's CSP, CORS for the opaque frame only and no caching, the sandbox script first in each page", async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server } = await start(folder);
    expect(new URL(server.cardOrigin).port).not.toBe(new URL(server.hostUrl).port);
    const entry = await fetch(server.cardUrl, { headers: { origin: 'null' } });
    expect(entry.status).toBe(200);
    expect(entry.headers.get('access-control-allow-origin')).toBe('null');
    expect((await fetch(server.cardUrl)).headers.get('access-control-allow-origin')).toBeNull();
    expect(entry.headers.get('cache-control')).toBe('no-store');
    const csp = entry.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'none'",
      `script-src 'self' ${server.cardOrigin}`,
      `style-src 'self' ${server.cardOrigin}`,
      `font-src 'self' ${server.cardOrigin}`,
      `img-src 'self' ${server.cardOrigin} data: blob:`,
      "connect-src 'none'",
      'worker-src blob:',
      "frame-src 'none'",
      "form-action 'none'",
    ]) {
      expect(csp.split('; ')).toContain(directive);
    }
    expect(csp).toMatch(new RegExp(`; report-uri ${server.hostUrl}__dev/csp\\?token=[\\w-]{24}$`));
    expect(csp).not.toContain('unsafe-inline');
    const html = await entry.text();
    expect(html).toMatch(
      new RegExp(`^<!doctype html><html lang="en"><head>${DEV_SANDBOX_TAG.replace(/[/.]/g, '\\$&')}<meta`),
    );

    const script = await fetch(new URL('main.js', server.cardUrl));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).not.toContain('dev-sandbox');
    const sandbox = await fetch(`${server.cardOrigin}/__neurosquad/dev-sandbox.js`);
    expect(sandbox.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await sandbox.text()).toContain('neurosquadDev: 1');
  });

  it('answers 404 outside the folder, in node_modules and dot folders, and 405 for writes', async () => {
    const folder = temp();
    writeValidCard(folder);
    writeFiles(folder, { 'node_modules/x/index.js': 'x', '.git/config': 'x' });
    const { server } = await start(folder);
    for (const path of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/node_modules/x/index.js',
      '/.git/config',
      '/%E0%A4%A',
      '/missing.js',
    ]) {
      expect((await fetch(`${server.cardOrigin}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(server.cardUrl, { method: 'POST' })).status).toBe(405);
  });
});

describe('the host origin', () => {
  it('serves the built page and the session the page hosts the card from', async () => {
    const folder = temp();
    writeValidCard(folder);
    const pageDir = temp();
    writeFiles(pageDir, { 'index.html': '<!doctype html><title>dev host</title>', 'assets/page.js': 'void 0' });
    const { server } = await start(folder, { pageDir });
    const page = await fetch(server.hostUrl);
    expect(await page.text()).toContain('<title>dev host</title>');
    expect((await fetch(`${server.hostUrl}assets/page.js`)).headers.get('content-type')).toContain('javascript');
    const session = (await (await fetch(`${server.hostUrl}__dev/session.json`)).json()) as Record<string, unknown>;
    expect(session).toEqual({
      manifest: cardManifest(),
      cardUrl: server.cardUrl,
      cardOrigin: server.cardOrigin,
      folder,
      build: { ok: true },
      token: expect.stringMatching(/^[\w-]{24}$/) as string,
    });
    expect(server.cardUrl).toMatch(new RegExp(`^${server.cardOrigin}/[\\w-]{24}/index\\.html$`));
  });

  it('says the page is not built when its folder is missing, and refuses other host names', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server } = await start(folder, { pageDir: join(temp(), 'missing') });
    const page = await fetch(server.hostUrl);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('The dev page is not built');
    const port = new URL(server.hostUrl).port;
    const foreign = await new Promise<number>((resolve) => {
      const request = httpGet(
        { host: '127.0.0.1', port, path: '/__dev/session.json', headers: { host: `evil.example:${port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.end();
    });
    expect(foreign).toBe(403);
  });

  it('prints log lines with level and time, errors, findings and CSP reports naming file and line', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server, printed } = await start(folder);
    const post = await reporter(server);
    const root = new URL('.', server.cardUrl).href;
    const time = new Date(2026, 0, 2, 3, 4, 5, 6).getTime();
    expect(await post('log', { level: 'info', message: 'ready \u001b[2Jnow', data: { agents: 2 }, time })).toBe(204);
    expect(await post('log', { level: 'loud', message: 'x', time })).toBe(400);
    expect(
      await post('error', {
        message: 'TypeError: x is undefined',
        file: `${root}main.js`,
        line: 3,
        column: 7,
        stack: `TypeError: x is undefined\n    at render (${root}render.js:2:3)`,
      }),
    ).toBe(204);
    expect(
      await post('finding', {
        kind: 'sandbox',
        message: 'window.open() does nothing',
        file: `${root}main.js`,
        line: 9,
      }),
    ).toBe(204);
    expect(
      await post('csp', {
        'csp-report': {
          'document-uri': `${root}index.html`,
          'source-file': `${root}index.html`,
          'line-number': 4,
          'blocked-uri': 'inline',
          'effective-directive': 'script-src-elem',
        },
      }),
    ).toBe(204);
    expect(
      await post('csp', {
        'csp-report': {
          'document-uri': `${root}index.html`,
          'blocked-uri': 'https://cdn.example/x.css',
          'violated-directive': 'style-src-elem',
        },
      }),
    ).toBe(204);
    expect((await fetch(`${server.hostUrl}__dev/log`)).status).toBe(405);
    const text = printed();
    expect(text).toContain('03:04:05.006 info  ready now {"agents":2}\n');
    expect(text).toMatch(
      /\d\d:\d\d:\d\d\.\d{3} error uncaught TypeError: x is undefined \(main\.js:3:7\)\n {4}at render \(render\.js:2:3\)\n/,
    );
    expect(text).toMatch(/finding \(sandbox\) main\.js:9: window\.open\(\) does nothing\n/);
    expect(text).toMatch(/finding \(csp\) index\.html:4: blocked an inline script \(script-src-elem\)/);
    expect(text).toMatch(/finding \(csp\) index\.html: blocked https:\/\/cdn\.example\/x\.css \(style-src-elem\)/);
  });

  it('hands a CSP report to the page as a finding (its Records, a canvas timeline), as the terminal prints it', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server } = await start(folder);
    const post = await reporter(server);
    const root = new URL('.', server.cardUrl).href;
    const report = {
      'csp-report': { 'document-uri': `${root}index.html`, 'blocked-uri': 'eval', 'effective-directive': 'script-src' },
    };
    const events = await readEvents(`${server.hostUrl}__dev/events`, 1, () => void post('csp', report));
    expect(events).toEqual([
      {
        event: 'finding',
        data: {
          kind: 'csp',
          message:
            "index.html: blocked eval() or new Function() (script-src): the app's CSP allows only the package's own files",
        },
      },
    ]);
  });

  it('--no-logs keeps log lines and errors out of the terminal, findings still print', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server, printed } = await start(folder, { logs: false });
    const post = await reporter(server);
    expect(await post('log', { level: 'warn', message: 'quiet', time: Date.now() })).toBe(204);
    expect(await post('error', { message: 'boom' })).toBe(204);
    expect(await post('finding', { kind: 'csp', message: 'blocked', file: 'index.html', line: 2 })).toBe(204);
    expect(printed()).not.toContain('quiet');
    expect(printed()).not.toContain('boom');
    expect(printed()).toContain('finding (csp) index.html:2: blocked');
  });
});

describe('reloads', () => {
  it('sends reload after a file changed (debounced into one), manifest after a valid manifest change', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server, printed } = await start(folder);
    const events = await readEvents(`${server.hostUrl}__dev/events`, 2, () => {
      writeFileSync(join(folder, 'render.js'), 'export function render(root) { root.textContent = "edited"; }\n');
      writeFileSync(join(folder, 'style.css'), 'body { margin: 1px; }\n');
      setTimeout(() => {
        writeFileSync(join(folder, 'neurosquad-card.json'), JSON.stringify(cardManifest({ version: '1.0.1' })));
      }, 300);
    });
    expect(events[0]).toEqual({ event: 'reload', data: { reason: 'render.js changed and 1 more' } });
    expect(events[1]).toEqual({ event: 'manifest', data: { manifest: cardManifest({ version: '1.0.1' }) } });
    expect(printed()).toContain('neurosquad-card.json reloaded');
  });

  it('reports a manifest saved in two writes once, and the same text saved again not at all', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { printed } = await start(folder, { build: false });
    const text = JSON.stringify(cardManifest({ version: '1.0.2' }));
    writeFileSync(join(folder, 'neurosquad-card.json'), '');
    writeFileSync(join(folder, 'neurosquad-card.json'), text);
    for (let i = 0; i < 100 && !printed().includes('reloaded'); i += 1) await new Promise((r) => setTimeout(r, 20));
    writeFileSync(join(folder, 'neurosquad-card.json'), text);
    await new Promise((r) => setTimeout(r, 300));
    expect(printed().match(/neurosquad-card\.json reloaded\n/g)).toHaveLength(1);
    expect(printed()).not.toContain('has problems');
  });

  it('rewrites a kept src/neurosquad-card.d.ts at start and after each valid manifest change, and adds none', async () => {
    const folder = temp();
    writeValidCard(folder);
    writeFiles(folder, { 'src/neurosquad-card.d.ts': '// stale\n' });
    const { printed } = await start(folder, { build: false });
    const file = join(folder, 'src/neurosquad-card.d.ts');
    expect(readFileSync(file, 'utf8')).toContain('failures: PortTask[];');
    writeFileSync(join(folder, 'neurosquad-card.json'), JSON.stringify(cardManifest({ tools: [] })));
    for (let i = 0; i < 100 && !readFileSync(file, 'utf8').includes('tools: Record<never, never>'); i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(file, 'utf8')).toContain('tools: Record<never, never>;');
    expect(printed()).toContain('src/neurosquad-card.d.ts updated');
    const plain = temp();
    writeValidCard(plain);
    await start(plain, { build: false });
    expect(existsSync(join(plain, 'src/neurosquad-card.d.ts'))).toBe(false);
  });

  it('keeps the last valid manifest when the new one has problems, printing them', async () => {
    const folder = temp();
    writeValidCard(folder);
    const { server, printed } = await start(folder);
    writeFileSync(join(folder, 'neurosquad-card.json'), JSON.stringify(cardManifest({ name: 'Bad Name' })));
    for (let i = 0; i < 100 && !printed().includes('has problems'); i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(printed()).toMatch(
      /has problems; the dev host keeps the last valid one:\n {2}✖ neurosquad-card\.json#\/name: /,
    );
    const session = (await (await fetch(`${server.hostUrl}__dev/session.json`)).json()) as { manifest: unknown };
    expect(session.manifest).toEqual(cardManifest());
    server.reload('r pressed');
  });
});

describe('bad input', () => {
  it('refuses an invalid manifest with its findings', async () => {
    const folder = temp();
    writeValidCard(folder, { version: 'one' });
    await expect(start(folder)).rejects.toThrow(
      /neurosquad-card\.json has problems:\n {2}✖ neurosquad-card\.json#\/version: /,
    );
  });

  it('refuses an entry that does not exist, naming it', async () => {
    const folder = temp();
    writeValidCard(folder, { entry: 'dist/index.html' });
    const error = await start(folder).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RefusalError);
    expect((error as Error).message).toBe(
      'the entry dist/index.html does not exist; build the card first, or fix "entry" in neurosquad-card.json',
    );
  });

  it('refuses a port in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const folder = temp();
    writeValidCard(folder);
    try {
      await expect(startDevServer({ folder, port, pageDir: temp(), out: () => undefined })).rejects.toThrow(
        `port ${port} is in use; pick another with --port <n>`,
      );
    } finally {
      blocker.close();
    }
  });
});

describe('the watch build', () => {
  const WATCH = (script: string) => ({
    'package.json': JSON.stringify({ name: 'test-radar', version: '1.0.0', scripts: { watch: 'node watch.mjs' } }),
    'watch.mjs': script,
  });

  it('waits for the entry, then a failing watch script is shown and the last good build keeps being served', async () => {
    const folder = temp();
    writeValidCard(folder, { entry: 'dist/index.html' });
    writeFiles(
      folder,
      WATCH(
        "import { mkdirSync, writeFileSync } from 'node:fs';\n" +
          "mkdirSync('dist', { recursive: true });\n" +
          "setTimeout(() => writeFileSync('dist/index.html', '<!doctype html><head></head><body>built</body>'), 300);\n" +
          'setTimeout(() => { console.error(\'src/main.ts:3:1: ERROR: Expected ";"\'); process.exit(1); }, 900);\n',
      ),
    );
    const { server, printed } = await start(folder);
    expect(printed()).toContain('building: npm run watch\n');
    expect(await (await fetch(server.cardUrl)).text()).toContain('built');
    // The entry's own write may still reach the file watch as a reload: the build's answer is what is tested.
    const events = await readEvents(`${server.hostUrl}__dev/events`, 1, () => undefined, 5000, 'build');
    expect(events[0]?.event).toBe('build');
    expect(events[0]?.data).toMatchObject({
      ok: false,
      output: expect.stringContaining('ERROR: Expected ";"') as string,
    });
    expect(printed()).toMatch(
      /build failed \(npm run watch\); still serving the last good build:\n[^]*ERROR: Expected ";"/,
    );
    expect(printed()).toContain('npm run watch exited with 1');
    const session = (await (await fetch(`${server.hostUrl}__dev/session.json`)).json()) as { build: { ok: boolean } };
    expect(session.build.ok).toBe(false);
    expect((await fetch(server.cardUrl)).status).toBe(200);
  });

  it('prints one line for each successful build, however many pieces its success message comes in', async () => {
    const folder = temp();
    writeValidCard(folder, { entry: 'dist/index.html' });
    writeFiles(
      folder,
      WATCH(
        "import { mkdirSync, writeFileSync } from 'node:fs';\n" +
          "mkdirSync('dist', { recursive: true });\n" +
          "const build = () => { writeFileSync('dist/index.html', '<!doctype html><body>built</body>');\n" +
          "  process.stdout.write('built in 5ms.\\n'); setTimeout(() => process.stdout.write('watching for file changes...\\n'), 20); };\n" +
          'build(); setTimeout(build, 400); setInterval(() => {}, 1000);\n',
      ),
    );
    const { printed } = await start(folder);
    for (let i = 0; i < 100 && printed().split('build ok').length < 3; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(printed().match(/build ok \(npm run watch\)\n/g)).toHaveLength(2);
  });

  it('refuses when the build ends without writing the entry, with its output', async () => {
    const folder = temp();
    writeValidCard(folder, { entry: 'dist/index.html' });
    writeFiles(
      folder,
      WATCH("console.log('compiling'); console.error('Cannot find module ./missing'); process.exit(2);\n"),
    );
    await expect(start(folder)).rejects.toThrow(
      /^the entry dist\/index\.html does not exist after the build \(npm run watch\);[^]*Cannot find module \.\/missing/,
    );
  });

  it('--no-build serves the folder as it is, and close() stops the watch process', async () => {
    const folder = temp();
    writeValidCard(folder);
    writeFiles(
      folder,
      WATCH(
        "import { writeFileSync } from 'node:fs';\nwriteFileSync('started', String(process.pid));\nsetInterval(() => {}, 1000);\n",
      ),
    );
    const quiet = await start(folder, { build: false });
    expect(quiet.server.build).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(join(folder, 'started'))).toBe(false);
    await quiet.server.close();

    const built = await start(folder);
    for (let i = 0; i < 200 && !existsSync(join(folder, 'started')); i += 1)
      await new Promise((r) => setTimeout(r, 25));
    const pid = Number(readFileSync(join(folder, 'started'), 'utf8'));
    expect(() => process.kill(pid, 0)).not.toThrow();
    await built.server.close();
    // Gone, or dead and waiting to be reaped (a signal takes a moment to land).
    const state = () =>
      existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] : 'gone';
    for (let i = 0; i < 50 && !['gone', 'Z', 'X'].includes(state() ?? ''); i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(['gone', 'Z', 'X']).toContain(state());
  });
});
