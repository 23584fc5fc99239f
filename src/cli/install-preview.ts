import { localize, type LocalizedText } from '../contract/constants.js';
import { expandPermissions, PERMISSIONS, type PermissionRisk } from '../contract/permissions.js';
import { toolFullName } from '../contract/reserved-names.js';
import type { NormalizedManifest } from '../contract/types.js';
import { appendAll } from './findings.js';
import { sanitizeText } from './sanitize.js';

/** What the user sees in the install dialog, with every card text already made safe to print. */
export interface InstallPreview {
  name: string;
  displayName: string;
  version: string;
  description: string | null;
  author: string | null;
  /** Declared permissions, each followed by those it implies that are not declared; `includedBy` names the declared permissions that grant it along. */
  permissions: {
    id: string;
    risk: PermissionRisk;
    what: string;
    optional: boolean;
    reason: string | null;
    hosts: string[];
    includedBy: string[];
  }[];
  hosts: string[];
  tools: { name: string; exposedAs: string; title: string | null; description: string; readOnly: boolean }[];
  ports: {
    direction: 'input' | 'output';
    id: string;
    label: string;
    type: string;
    mode: string | null;
    retain: boolean;
  }[];
  settings: { key: string; type: string; label: string; secret: boolean; default: string | number | boolean | null }[];
}

// One line per permission, in the words the install dialog uses.
const PERMISSION_TEXT: Readonly<Record<string, string>> = {
  'agents.read': 'see connected agents and their status',
  'agents.output': "read connected agents' screens and replies",
  'agents.prompt': 'send prompts to connected agents',
  'terminals.write': 'run commands in connected terminals',
  'cards.connected': 'write into connected notes, checklists and boards',
  network: 'reach these hosts through the app',
  'network.local': 'reach servers on this computer (localhost)',
  'fs.read': 'read files in the workspace folder',
  'fs.write': 'change files in the workspace folder',
  'clipboard.write': 'write to the clipboard',
  'canvas.spawn': 'add cards to the canvas',
  background: 'keep running when hidden',
  'usage.read': "read agents' usage: requests, tokens and cost",
};

const text = (value: LocalizedText | undefined, multiline = false): string | null =>
  value === undefined ? null : sanitizeText(localize(value, 'en'), { multiline });

/** Builds the install-dialog preview of a validated manifest. */
export function installPreview(manifest: NormalizedManifest): InstallPreview {
  const declared = manifest.permissions;
  const includedBy = (id: string) =>
    declared
      .filter((other) => other.id !== id && expandPermissions([other.id]).has(id))
      .map((other) => other.id as string);
  const declaredIds = new Set<string>(declared.map((entry) => entry.id));
  const permissions: InstallPreview['permissions'] = [];
  const shown = new Set<string>();
  for (const entry of declared) {
    permissions.push({
      id: entry.id,
      risk: PERMISSIONS[entry.id]?.risk ?? 'high',
      what: PERMISSION_TEXT[entry.id] ?? entry.id,
      optional: entry.optional,
      reason: text(entry.reason, true),
      hosts: (entry.hosts ?? []).map((host) => sanitizeText(host)),
      includedBy: includedBy(entry.id),
    });
    // The dialog shows what a permission brings along right under it; it is asked for only when everything including it is optional.
    for (const implied of [...expandPermissions([entry.id])].sort()) {
      if (declaredIds.has(implied) || shown.has(implied)) continue;
      shown.add(implied);
      const by = includedBy(implied);
      permissions.push({
        id: implied,
        risk: PERMISSIONS[implied as keyof typeof PERMISSIONS]?.risk ?? 'high',
        what: PERMISSION_TEXT[implied] ?? implied,
        optional: declared.filter((other) => by.includes(other.id)).every((other) => other.optional),
        reason: null,
        hosts: [],
        includedBy: by,
      });
    }
  }
  return {
    name: sanitizeText(manifest.name),
    displayName: text(manifest.displayName) ?? '',
    version: sanitizeText(manifest.version),
    description: text(manifest.description, true),
    author: manifest.author ? sanitizeText(manifest.author.name) : null,
    permissions,
    hosts: permissions.flatMap((entry) => entry.hosts),
    tools: manifest.tools.map((tool) => ({
      name: sanitizeText(tool.name),
      exposedAs: sanitizeText(toolFullName(manifest.name, tool.name)),
      title: text(tool.title),
      description: text(tool.description, true) ?? '',
      readOnly: tool.readOnly === true,
    })),
    ports: (['inputs', 'outputs'] as const).flatMap((direction) =>
      manifest.ports[direction].map((port) => ({
        direction: direction === 'inputs' ? ('input' as const) : ('output' as const),
        id: sanitizeText(port.id),
        label: text(port.label) ?? '',
        type: sanitizeText(port.type),
        mode: port.mode ?? null,
        retain: port.retain === true,
      })),
    ),
    settings: manifest.settings.map((setting) => ({
      key: sanitizeText(setting.key),
      type: setting.type,
      label: text(setting.label) ?? '',
      secret: setting.type === 'secret',
      default: typeof setting.default === 'string' ? sanitizeText(setting.default) : (setting.default ?? null),
    })),
  };
}

/** The preview as indented lines for people (no colour; the caller styles headings). */
export function formatInstallPreview(
  preview: InstallPreview,
  heading: (text: string) => string = (value) => value,
): string[] {
  const lines = [
    heading(
      `Install "${preview.displayName}" ${preview.version} (${preview.name})${preview.author ? ` by ${preview.author}` : ''}`,
    ),
  ];
  if (preview.description)
    appendAll(
      lines,
      preview.description.split('\n').map((line) => `  ${line}`),
    );
  lines.push(heading('Permissions'));
  if (preview.permissions.length === 0) lines.push('  none');
  for (const entry of preview.permissions) {
    const hosts = entry.hosts.length > 0 ? `: ${entry.hosts.join(', ')}` : '';
    const notes = [
      entry.includedBy.length > 0 ? `included with ${entry.includedBy.join(', ')}` : null,
      entry.optional ? 'optional, asked later' : null,
    ].filter(Boolean);
    lines.push(
      `  ${entry.id.padEnd(16)} ${entry.risk.padEnd(6)} ${entry.what}${hosts}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`,
    );
    if (entry.reason)
      appendAll(
        lines,
        entry.reason.split('\n').map((line) => `      “${line}”`),
      );
  }
  if (preview.hosts.length > 0) {
    lines.push(heading('Network'), `  ${preview.hosts.join(', ')}`);
  }
  if (preview.tools.length > 0) {
    lines.push(heading('Tools for agents'));
    for (const tool of preview.tools) {
      lines.push(`  ${tool.exposedAs}${tool.readOnly ? ' (read-only)' : ''}: ${tool.description.split('\n')[0] ?? ''}`);
    }
  }
  if (preview.ports.length > 0) {
    lines.push(heading('Ports'));
    for (const port of preview.ports) {
      const extra = [port.mode, port.retain ? 'retained' : null].filter(Boolean).join(', ');
      lines.push(`  ${port.direction.padEnd(6)} ${port.id} "${port.label}" ${port.type}${extra ? ` (${extra})` : ''}`);
    }
  }
  if (preview.settings.length > 0) {
    lines.push(heading('Settings'));
    for (const setting of preview.settings) {
      const value = setting.secret
        ? 'secret, entered in the app'
        : setting.default === null
          ? 'no default'
          : `default ${JSON.stringify(setting.default)}`;
      lines.push(`  ${setting.key} "${setting.label}" ${setting.type} (${value})`);
    }
  }
  return lines;
}
