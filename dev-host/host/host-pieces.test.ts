import { describe, expect, it } from 'vitest';
import { readFrameFinding } from './frame-findings.js';
import { createHostDialogs } from './host-dialogs.js';
import { readJsonText, showToolResult } from './json-text.js';

describe('readJsonText', () => {
  it('reads JSON, an empty field as the given default, and says why bad text is not JSON', () => {
    expect(readJsonText('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(readJsonText('  ', {})).toEqual({ ok: true, value: {} });
    const bad = readJsonText('{"a": ');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Not valid JSON: /);
  });
});

describe('showToolResult', () => {
  it('shows text parts as they are and marks an error result', () => {
    expect(showToolResult({ content: [{ type: 'text', text: 'hello' }] })).toBe('hello');
    expect(showToolResult({ content: [{ type: 'text', text: 'no' }], isError: true })).toBe(
      'The tool reported an error:\nno',
    );
  });
});

describe('readFrameFinding', () => {
  it('reads the sandbox script messages and ignores every other message', () => {
    expect(
      readFrameFinding(
        { neurosquadDev: 1, kind: 'sandbox', message: 'inline script blocked', file: 'index.html', line: 3 },
        5,
      ),
    ).toEqual({ kind: 'sandbox', message: 'inline script blocked', file: 'index.html', line: 3, time: 5 });
    expect(readFrameFinding({ neurosquadDev: 1, kind: 'error', message: 'boom', line: 'x' }, 1)).toEqual({
      kind: 'error',
      message: 'boom',
      time: 1,
    });
    expect(readFrameFinding({ ns: 'neurosquad', type: 'connect' })).toBeNull();
    expect(readFrameFinding({ neurosquadDev: 1, kind: 'other', message: 'x' })).toBeNull();
    expect(readFrameFinding('text')).toBeNull();
  });
});

describe('createHostDialogs', () => {
  it('opens dialogs in order and resolves each with its answer once', async () => {
    const dialogs = createHostDialogs();
    const confirm = dialogs.confirm({ type: 'confirm', title: 'T', message: 'M' });
    const link = dialogs.confirm({ type: 'open-link', url: 'https://example.com' });
    const permissions = dialogs.requestPermissions(['network', 'fs.read']);
    expect(dialogs.list().map((dialog) => dialog.kind)).toEqual(['confirm', 'open-link', 'permissions']);
    const [first, second, third] = dialogs.list();
    dialogs.answer(first.id, true);
    dialogs.answer(first.id, false);
    dialogs.answer(second.id, false);
    dialogs.answer(third.id, ['fs.read', 'clipboard.write']);
    await expect(confirm).resolves.toBe(true);
    await expect(link).resolves.toBe(false);
    await expect(permissions).resolves.toEqual(['fs.read']);
    expect(dialogs.list()).toEqual([]);
  });
});
