// The Public Suffix List (from tldts, bundled into the CLI so the package gains no run-time dependency) lives
// here, in the CLI, and not in the contract: the core entry stays free of its table.
import { getPublicSuffix } from 'tldts';
import { parseHostPattern } from '../contract/hosts.js';
import { isPlainObject } from '../contract/json.js';
import { publicSuffixWildcardError } from '../contract/shared-suffixes.js';
import type { ManifestPathIssue } from '../contract/manifest-permissions.js';

/**
 * `network` hosts whose wildcard sits directly over a public suffix (`*.co.uk`, `*.github.io`, ICANN and private
 * sections of the Public Suffix List), each at `/permissions/<i>/hosts/<j>`: such a pattern grants every site
 * anyone registers under that suffix.
 * @example publicSuffixWildcards({ permissions: [{ id: 'network', hosts: ['*.co.uk'] }] }) // [{ path: '/permissions/0/hosts/0', … }]
 */
export function publicSuffixWildcards(manifest: Record<string, unknown>): ManifestPathIssue[] {
  const issues: ManifestPathIssue[] = [];
  const permissions = Array.isArray(manifest.permissions) ? manifest.permissions : [];
  permissions.forEach((permission: unknown, i) => {
    const hosts = isPlainObject(permission) && Array.isArray(permission.hosts) ? permission.hosts : [];
    hosts.forEach((raw: unknown, j) => {
      const parsed = parseHostPattern(raw);
      if (!parsed.ok || !parsed.wildcard) return;
      if (getPublicSuffix(parsed.host, { allowPrivateDomains: true }) !== parsed.host) return;
      issues.push({
        path: `/permissions/${i}/hosts/${j}`,
        message: `host "${parsed.pattern}": ${publicSuffixWildcardError(parsed.host)}`,
      });
    });
  });
  return issues;
}
