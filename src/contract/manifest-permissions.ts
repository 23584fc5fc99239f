import { isPlainObject, shownValue } from './json.js';
import { parseHostPattern } from './hosts.js';
import { LIMITS } from './limits.js';
import { texts } from './manifest-texts.js';
import {
  PERMISSION_IDS,
  PERMISSIONS,
  isPermissionId,
  type ManifestPermission,
  type PermissionId,
} from './permissions.js';
import type { LocalizedText } from './types.js';

/** A problem with one manifest entry: the JSON Pointer of the entry and a message. */
export interface ManifestPathIssue {
  path: string;
  message: string;
}

interface MergedPermission {
  index: number;
  optional: boolean;
  reason?: LocalizedText;
  hosts: Set<string>;
}

function hasReason(reason: unknown): reason is LocalizedText {
  return texts(reason, '').some(([, text]) => text.trim() !== '');
}

/**
 * Normalizes the manifest `permissions` list: one entry per id in canonical order, duplicates merged
 * (`optional` only if every entry says so, the first reason, hosts canonicalized, unioned and sorted).
 * @example normalizePermissions(['agents.read', { id: 'network', hosts: ['api.github.com:443'] }]).permissions
 * // [{ id: 'agents.read', optional: false }, { id: 'network', optional: false, hosts: ['api.github.com'] }]
 */
export function normalizePermissions(entries: readonly unknown[]): {
  permissions: ManifestPermission[];
  issues: ManifestPathIssue[];
} {
  const issues: ManifestPathIssue[] = [];
  const merged = new Map<PermissionId, MergedPermission>();
  entries.forEach((entry, index) => {
    const path = `/permissions/${index}`;
    const record = isPlainObject(entry) ? entry : { id: entry };
    const id = record.id;
    if (!isPermissionId(id)) {
      issues.push({ path, message: `unknown permission "${shownValue(id)}"` });
      return;
    }
    const current = merged.get(id) ?? { index, optional: true, hosts: new Set<string>() };
    merged.set(id, current);
    current.optional &&= record.optional === true;
    if (current.reason === undefined && hasReason(record.reason)) current.reason = record.reason;
    if (record.hosts === undefined) return;
    if (!PERMISSIONS[id].hosts) {
      issues.push({ path, message: `"${id}" does not take hosts` });
      return;
    }
    for (const host of Array.isArray(record.hosts) ? record.hosts : []) {
      const parsed = parseHostPattern(host);
      if (parsed.ok) current.hosts.add(parsed.pattern);
      else issues.push({ path, message: `host "${shownValue(host)}": ${parsed.error}` });
    }
  });
  const permissions: ManifestPermission[] = [];
  for (const id of PERMISSION_IDS) {
    const entry = merged.get(id);
    if (!entry) continue;
    const permission: ManifestPermission = { id, optional: entry.optional };
    if (entry.reason !== undefined) permission.reason = entry.reason;
    if (PERMISSIONS[id].hosts) {
      const path = `/permissions/${entry.index}`;
      if (entry.hosts.size === 0) issues.push({ path, message: `"${id}" needs a non-empty "hosts" list` });
      else if (entry.hosts.size > LIMITS.permissionHosts)
        issues.push({ path, message: `at most ${LIMITS.permissionHosts} hosts` });
      permission.hosts = [...entry.hosts].sort();
    }
    permissions.push(permission);
  }
  return { permissions, issues };
}
