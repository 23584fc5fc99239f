// Real temp folders, git repositories and card files for the CLI's tests.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach } from 'vitest';
import type { CliIo } from './io.js';

/** A fresh temp folder; remove it with `removeFolder`. */
export function makeTempFolder(prefix = 'ns-card-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Removes a temp folder. */
export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** Temp folders for one test file: `temp()` makes one, `removeLater(path)` adds any other path; all are removed after each test. */
export function tempFolders(): { temp: () => string; removeLater: (path: string) => void } {
  const paths: string[] = [];
  afterEach(() => paths.splice(0).forEach(removeFolder));
  const removeLater = (path: string) => void paths.push(path);
  const temp = () => {
    const folder = makeTempFolder();
    removeLater(folder);
    return folder;
  };
  return { temp, removeLater };
}

/** Writes files (path → text or bytes) under a folder, creating sub-folders. */
export function writeFiles(folder: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
}

/** An io that records what a command prints. */
export function captureIo(cwd: string, options: { isTTY?: boolean; env?: Record<string, string> } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    cwd,
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** Runs plain git for test setup (identity given, the machine's hooks not used). */
export function git(folder: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.email=test@example.com',
      '-c',
      'user.name=Test',
      '-c',
      'init.defaultBranch=main',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

/** A minimal RGBA PNG of the given size (one flat colour). */
export function makePng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x80)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid manifest for a small card (override fields with `patch`). */
export function cardManifest(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    manifestVersion: 1,
    name: 'test-radar',
    displayName: 'Test radar',
    version: '1.0.0',
    protocol: 1,
    icon: 'icon.png',
    entry: 'index.html',
    permissions: ['agents.read', { id: 'network', hosts: ['api.github.com'], reason: 'Reads issues' }],
    settings: [{ key: 'command', type: 'string', label: 'Test command', default: 'npm test' }],
    ports: { outputs: [{ id: 'failures', label: 'Failures', type: 'ns:tasks', retain: true }] },
    tools: [{ name: 'run_tests', description: 'Runs the tests.', inputSchema: { type: 'object', properties: {} } }],
    ...patch,
  };
}

/** Writes a small valid card (manifest, entry page, script, stylesheet, icon) into a folder. */
export function writeValidCard(folder: string, manifestPatch: Record<string, unknown> = {}): void {
  writeFiles(folder, {
    'neurosquad-card.json': `${JSON.stringify(cardManifest(manifestPatch), null, 2)}\n`,
    'index.html':
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test radar</title>' +
      '<link rel="stylesheet" href="style.css"><script type="module" src="main.js"></script></head>' +
      '<body class="ns-kit"><main id="root"></main></body></html>\n',
    'main.js': "import { render } from './render.js';\nrender(document.getElementById('root'));\n",
    'render.js': "export function render(root) {\n  root.textContent = 'ready';\n}\n",
    'style.css': 'body { margin: 0; }\n',
    'icon.png': makePng(64, 64),
  });
}
