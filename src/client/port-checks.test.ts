import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCardSdkError } from '../contract/errors.js';
import { createMockHost } from '../testing/index.js';
import { README_MANIFEST, notePeer, port } from '../testing/fixtures.js';
import { undeclaredPortError } from './port-checks.js';

afterEach(() => vi.restoreAllMocks());

const manifest = {
  ...README_MANIFEST,
  ports: {
    inputs: [{ id: 'run', label: 'Run', type: 'ns:trigger' }],
    outputs: [
      { id: 'failures', label: 'Failures', type: 'ns:tasks' },
      { id: 'summary', label: 'Summary', type: 'ns:markdown' },
    ],
  },
  tools: [{ name: 'read_notes', description: 'Reads the notes', inputSchema: { type: 'object' } }],
};

describe('undeclaredPortError', () => {
  const declared = [port('text', 'ns:text'), port('run', 'ns:trigger')];

  it('is null for a declared port', () => {
    expect(undeclaredPortError(declared, 'run', 'input', 'usePort')).toBeNull();
  });

  it('is NOT_FOUND with a hint naming the declared ids', () => {
    const error = undeclaredPortError(declared, 'txt', 'input', 'usePort');
    expect(error?.code).toBe('NOT_FOUND');
    expect(error?.method).toBe('usePort');
    expect(error?.hostMessage).toBe('no input port "txt" in the manifest');
    expect(error?.hint).toBe(
      'Declared inputs: "text", "run". Use one of them, or add "txt" to "ports.inputs" in neurosquad-card.json.',
    );
  });

  it('says when nothing is declared', () => {
    expect(undeclaredPortError([], 'out', 'output', 'useEmit')?.hint).toBe(
      'This card declares no outputs; add "out" to "ports.outputs" in neurosquad-card.json.',
    );
  });
});

describe('ports.emit and ports.send on the mock host', () => {
  it('refuse an undeclared output with NOT_FOUND and a hint naming the declared outputs', async () => {
    const card = await createMockHost({ manifest }).connect();
    const error: unknown = await card.ports.emit('failure', []).catch((e: unknown) => e);
    expect(isCardSdkError(error, 'NOT_FOUND')).toBe(true);
    expect((error as { hint: string }).hint).toBe(
      'Declared outputs: "failures", "summary". Use one of them, or add "failure" to "ports.outputs" in neurosquad-card.json.',
    );
    expect((error as Error).message).toContain('ports.emit: no output port "failure" in the manifest [NOT_FOUND]');
    const sent: unknown = await card.ports.send('note-1', 'sumary', 'x').catch((e: unknown) => e);
    expect((sent as { hint: string }).hint).toMatch(/^Declared outputs: "failures", "summary"/);
  });

  it('warn once per output and permission when a built-in peer is skipped for a missing permission', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = createMockHost({ manifest, peers: [notePeer('note-1'), notePeer('note-2')] });
    const card = await host.connect();
    await expect(card.ports.emit('summary', '# Done')).resolves.toBe(0);
    await expect(card.ports.emit('summary', '# Again')).resolves.toBe(0);
    expect(host.deliveries).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      '[card-sdk] ports.emit("summary") skipped Note note-1: sending to it needs the "cards.connected" permission. ' +
        "Declare it in neurosquad-card.json and ask for it with requestPermissions(card, 'cards.connected').",
    );
  });

  it('stay quiet when the permission is granted or no peer needs one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const granted = createMockHost({
      manifest: { ...manifest, permissions: ['cards.connected'] },
      peers: [notePeer('note-1')],
    });
    await expect((await granted.connect()).ports.emit('summary', '# Done')).resolves.toBe(1);
    const none = createMockHost({ manifest });
    await expect((await none.connect()).ports.emit('summary', '# Done')).resolves.toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('tools.handle on the mock host', () => {
  it('warns once for a tool the manifest does not declare, and not for a declared one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const card = await createMockHost({ manifest }).connect();
    card.tools.handle('read_notes', () => 'notes');
    expect(warn).not.toHaveBeenCalled();
    const off = card.tools.handle('read_note', () => 'notes');
    off();
    card.tools.handle('read_note', () => 'notes');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      '[card-sdk] tools.handle("read_note"): the manifest declares no tool "read_note" (declared: "read_notes"), ' +
        'so agents cannot call it. Add it to "tools" in neurosquad-card.json.',
    );
  });
});
