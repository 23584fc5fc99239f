import { describe, expect, it } from 'vitest';
import { validateManifest } from '../contract/manifest.js';
import { cardManifest } from './test-folders.js';
import { manifestIssueMessage } from './manifest-words.js';

/** The messages `validate` prints for a manifest: each `validateManifest` issue in words. */
function messages(patch: Record<string, unknown>): string[] {
  const manifest = cardManifest(patch);
  const result = validateManifest(manifest);
  return result.ok ? [] : result.issues.map((issue) => `${issue.path}: ${manifestIssueMessage(issue, manifest)}`);
}

const NAME_RULE =
  'must be 2–48 characters: lowercase letters (a–z), digits and dashes, starting with a letter, e.g. "my-card"';
const setting = (patch: Record<string, unknown>) => ({ key: 'command', type: 'string', label: 'Command', ...patch });
const output = (patch: Record<string, unknown>) => ({ id: 'out', label: 'Out', type: 'ns:text', ...patch });

describe('manifestIssueMessage', () => {
  it.each([
    [{ name: 'Radar' }, `/name: ${NAME_RULE}; did you mean "radar"?`],
    [{ name: 'a' }, `/name: ${NAME_RULE}`],
    [{ name: 'a'.repeat(49) }, `/name: ${NAME_RULE}; did you mean "${'a'.repeat(48)}"?`],
    [
      { version: '1.2' },
      '/version: must be a version like 1.0.0 (major.minor.patch, then an optional -pre.1 or +build)',
    ],
    [{ author: { name: 'a', url: 'http://a.dev' } }, '/author/url: must be an https:// address'],
    [
      { settings: [setting({ key: '1a' })] },
      '/settings/0/key: must be 1–64 characters: letters, digits, "_" and "-", starting with a letter, e.g. "apiUrl"',
    ],
    [
      { settings: [setting({ type: 'numbr' })] },
      '/settings/0/type: must be one of "string", "text", "number", "boolean", "select", "secret", "color"; did you mean "number"?',
    ],
    [
      { ports: { outputs: [output({ id: 'A' })] } },
      '/ports/outputs/0/id: must be 1–32 characters: lowercase letters (a–z), digits and dashes, starting with a letter, e.g. "summary"',
    ],
    [
      { tools: [{ name: 'run-tests', description: 'x', inputSchema: { type: 'object' } }] },
      '/tools/0/name: must be 1–40 characters: lowercase letters (a–z), digits and "_", starting with a letter, e.g. "run_tests"',
    ],
    [{ permision: [] }, '/permision: is not allowed; did you mean "permissions"?'],
    [
      { permissions: ['terminal.write'] },
      '/permissions/0: unknown permission "terminal.write"; did you mean "terminals.write"?',
    ],
    [{ permissions: ['agents.write'] }, '/permissions/0: unknown permission "agents.write"'],
    [
      { ports: { outputs: [output({ type: 'ns:taks' })] } },
      '/ports/outputs/0/type: unknown port type "ns:taks"; did you mean "ns:task" or "ns:tasks"?',
    ],
    [
      { ports: { inputs: [{ ...output({}), mode: 'request', response: { type: 'json' } }] } },
      '/ports/inputs/0/response/type: unknown port type "json"; did you mean "ns:json"?',
    ],
    [
      { ports: { outputs: [output({ type: 'ns:file' })] } },
      '/ports/outputs/0/type: unknown port type "ns:file": an ns:* type (ns:any, ns:text, ns:markdown, ns:number, ns:boolean, ns:json, ns:url, ns:image, ns:file-ref, ns:task, ns:tasks, ns:task-patch, ns:table, ns:event, ns:trigger) or "<package-name>/<type-name>"',
    ],
  ])('%j → %s', (patch, expected) => {
    expect(messages(patch)).toEqual([expected]);
  });

  it('keeps every other message as validateManifest wrote it', () => {
    expect(messages({ settings: [setting({ type: 'select' })] })).toEqual(['/settings/0: a select needs options']);
  });
});
