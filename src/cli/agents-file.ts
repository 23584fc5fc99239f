// The part of a card's AGENTS.md that `neurosquad-card types` writes from the manifest: its ports, tools,
// permissions and settings, between two marker lines, so what a coding agent reads about the card cannot drift
// from neurosquad-card.json. The rest of the file is the card's own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localize, type LocalizedText } from '../contract/constants.js';
import { toolFullName } from '../contract/reserved-names.js';
import type { ManifestPort, NormalizedManifest } from '../contract/types.js';

/** The file, in the card folder. */
export const AGENTS_FILE = 'AGENTS.md';
/** The line that opens the written part. */
export const AGENTS_START =
  '<!-- neurosquad-card types writes this part from neurosquad-card.json: edit the manifest, not these lines -->';
/** The line that closes it. */
export const AGENTS_END = '<!-- end of the part neurosquad-card types writes -->';

const TEXT_CHARS = 160;

/** A manifest text on one line, in English, cut to a readable length, with Markdown's own characters escaped. */
function line(text: LocalizedText | undefined): string {
  const flat = localize(text, 'en').replace(/\s+/g, ' ').trim();
  const cut = flat.length > TEXT_CHARS ? `${flat.slice(0, TEXT_CHARS - 1)}…` : flat;
  return cut.replace(/[\\`*_<>[\]|]/g, (char) => `\\${char}`);
}

function portLine(port: ManifestPort, direction: 'input' | 'output'): string {
  const traits = [`\`${port.type}\``];
  if (port.mode === 'request') traits.push(`request, answers \`${port.response?.type ?? 'ns:any'}\``);
  if (port.retain) traits.push('retained');
  if (port.default) traits.push('default');
  const code =
    direction === 'output'
      ? `card.ports.emit('${port.id}', …)`
      : port.mode === 'request'
        ? `card.ports.onRequest('${port.id}', …)`
        : `card.ports.onMessage(…, { input: '${port.id}' })`;
  const about = port.description ? ` — ${line(port.description)}` : '';
  return `- \`${port.id}\` (${traits.join(', ')}): "${line(port.label)}"${about} Code: \`${code}\``;
}

/** The written part for `manifest`, marker lines included. */
function agentsSection(manifest: NormalizedManifest): string {
  const out = [AGENTS_START, '## This card (from neurosquad-card.json)', ''];
  out.push(`\`${manifest.name}\` ${manifest.version}, entry \`${manifest.entry}\`.`, '');
  out.push('Permissions:');
  if (manifest.permissions.length === 0) out.push('- none');
  for (const permission of manifest.permissions) {
    const hosts = permission.hosts ? ` to ${permission.hosts.map((host) => `\`${host}\``).join(', ')}` : '';
    const optional = permission.optional ? ' (optional: ask with `requestPermissions(card, …)` when needed)' : '';
    out.push(`- \`${permission.id}\`${hosts}${optional}`);
  }
  out.push('', 'Input ports:');
  if (manifest.ports.inputs.length === 0) out.push('- none');
  for (const port of manifest.ports.inputs) out.push(portLine(port, 'input'));
  out.push('', 'Output ports:');
  if (manifest.ports.outputs.length === 0) out.push('- none');
  for (const port of manifest.ports.outputs) out.push(portLine(port, 'output'));
  out.push('', 'Tools (`card.tools.handle(name, handler)`; a test calls them with `host.callTool(name, args)`):');
  if (manifest.tools.length === 0) out.push('- none');
  for (const tool of manifest.tools) {
    const readOnly = tool.readOnly ? ', read-only' : '';
    const exposed = toolFullName(manifest.name, tool.name);
    out.push(`- \`${tool.name}\` (agents see \`${exposed}\`${readOnly}): ${line(tool.description)}`);
  }
  out.push('', 'Settings (`card.settings.value(key)`; secrets never reach the card, `card.settings.hasSecret(key)`):');
  if (manifest.settings.length === 0) out.push('- none');
  for (const setting of manifest.settings) {
    const fallback = setting.default === undefined ? '' : `, default ${line(JSON.stringify(setting.default))}`;
    out.push(`- \`${setting.key}\` (${setting.type}${fallback}) "${line(setting.label)}"`);
  }
  out.push(AGENTS_END);
  return out.join('\n');
}

/** What writing the section did: the file and whether its text changed; null when the card has no section to keep. */
export type AgentsWrite = { file: string; changed: boolean } | null;

/**
 * Rewrites the written part of the card's AGENTS.md from `manifest`. A card without AGENTS.md, or whose AGENTS.md
 * lacks the marker lines, is left alone (the file is then wholly the card's own).
 */
export function writeAgentsSection(folder: string, manifest: NormalizedManifest): AgentsWrite {
  const path = join(folder, AGENTS_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const start = text.indexOf(AGENTS_START);
  const end = text.indexOf(AGENTS_END, start);
  if (start < 0 || end < 0) return null;
  const next = text.slice(0, start) + agentsSection(manifest) + text.slice(end + AGENTS_END.length);
  if (next === text) return { file: AGENTS_FILE, changed: false };
  writeFileSync(path, next);
  return { file: AGENTS_FILE, changed: true };
}
