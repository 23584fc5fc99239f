import { describe, expect, it } from 'vitest';
import { normalizePermissions, type ManifestPathIssue } from './manifest-permissions.js';
import type { ManifestPermission } from './permissions.js';

describe('normalizePermissions', () => {
  // rule, entries, normalized permissions, issues
  const rows: [string, unknown[], ManifestPermission[], ManifestPathIssue[]][] = [
    ['string ids', ['agents.read'], [{ id: 'agents.read', optional: false }], []],
    [
      'canonical order',
      ['usage.read', 'fs.read', 'agents.read'],
      [
        { id: 'agents.read', optional: false },
        { id: 'fs.read', optional: false },
        { id: 'usage.read', optional: false },
      ],
      [],
    ],
    [
      'object entries',
      [{ id: 'fs.read', optional: true, reason: 'Reads' }],
      [{ id: 'fs.read', optional: true, reason: 'Reads' }],
      [],
    ],
    [
      'unknown id',
      ['agents.read', 'agents.write'],
      [{ id: 'agents.read', optional: false }],
      [{ path: '/permissions/1', message: 'unknown permission "agents.write"' }],
    ],
    ['unknown object id', [{ id: 'root' }], [], [{ path: '/permissions/0', message: 'unknown permission "root"' }]],
    [
      'hosts only on network',
      [{ id: 'fs.read', hosts: ['a.dev'] }],
      [{ id: 'fs.read', optional: false }],
      [{ path: '/permissions/0', message: '"fs.read" does not take hosts' }],
    ],
    [
      'invalid host',
      [{ id: 'network', hosts: ['a.dev', 'localhost'] }],
      [{ id: 'network', optional: false, hosts: ['a.dev'] }],
      [{ path: '/permissions/0', message: 'host "localhost": use the network.local permission for this computer' }],
    ],
    [
      'network needs hosts',
      ['network'],
      [{ id: 'network', optional: false, hosts: [] }],
      [{ path: '/permissions/0', message: '"network" needs a non-empty "hosts" list' }],
    ],
    [
      'hosts canonical, unioned, sorted',
      [
        { id: 'network', hosts: ['b.dev:443', 'a.dev:8080'] },
        { id: 'network', hosts: ['b.dev', '*.c.dev'] },
      ],
      [{ id: 'network', optional: false, hosts: ['*.c.dev', 'a.dev:8080', 'b.dev'] }],
      [],
    ],
    [
      'optional only if every entry says so',
      [{ id: 'fs.read', optional: true }, 'fs.read'],
      [{ id: 'fs.read', optional: false }],
      [],
    ],
    [
      'optional when all say so',
      [
        { id: 'fs.read', optional: true },
        { id: 'fs.read', optional: true },
      ],
      [{ id: 'fs.read', optional: true }],
      [],
    ],
    [
      'first non-empty reason wins',
      [
        { id: 'fs.read', reason: ' ' },
        { id: 'fs.read', reason: { en: 'A' } },
        { id: 'fs.read', reason: 'B' },
      ],
      [{ id: 'fs.read', optional: false, reason: { en: 'A' } }],
      [],
    ],
    [
      'at most 32 hosts after merging',
      [
        { id: 'network', hosts: Array.from({ length: 20 }, (_v, i) => `a${i}.dev`) },
        { id: 'network', hosts: Array.from({ length: 13 }, (_v, i) => `b${i}.dev`) },
      ],
      [
        {
          id: 'network',
          optional: false,
          hosts: [
            ...Array.from({ length: 20 }, (_v, i) => `a${i}.dev`),
            ...Array.from({ length: 13 }, (_v, i) => `b${i}.dev`),
          ].sort(),
        },
      ],
      [{ path: '/permissions/0', message: 'at most 32 hosts' }],
    ],
  ];
  it.each(rows)('%s', (_rule, entries, permissions, issues) => {
    expect(normalizePermissions(entries)).toEqual({ permissions, issues });
  });
});
