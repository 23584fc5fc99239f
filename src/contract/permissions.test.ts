import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  PERMISSION_IDS,
  expandPermissions,
  grantedPermissions,
  isPermissionId,
  permissionView,
  type PermissionId,
  type PermissionRisk,
} from './permissions.js';

describe('permission catalog', () => {
  const rows: Array<[PermissionId, PermissionRisk, PermissionId[], boolean]> = [
    ['agents.read', 'low', [], false],
    ['agents.output', 'high', ['agents.read'], false],
    ['agents.prompt', 'high', ['agents.read'], false],
    ['terminals.write', 'high', ['agents.read'], false],
    ['cards.connected', 'medium', [], false],
    ['network', 'medium', [], true],
    ['network.local', 'high', [], false],
    ['fs.read', 'high', [], false],
    ['fs.write', 'high', ['fs.read'], false],
    ['clipboard.write', 'low', [], false],
    ['canvas.spawn', 'low', [], false],
    ['background', 'low', [], false],
    ['usage.read', 'low', [], false],
  ];
  it('keeps the canonical order', () => {
    expect([...PERMISSION_IDS]).toEqual(rows.map(([id]) => id));
  });
  it.each(rows)('%s: risk %s, implies %j, hosts %s', (id, risk, implies, hosts) => {
    expect(PERMISSIONS[id]).toEqual({ id, risk, implies, hosts });
    expect(isPermissionId(id)).toBe(true);
  });
  it('rejects unknown ids', () => {
    expect(isPermissionId('root')).toBe(false);
    expect(isPermissionId('toString')).toBe(false);
  });
});

describe('expandPermissions', () => {
  const rows: Array<[string[], string[]]> = [
    [[], []],
    [['fs.write'], ['fs.read', 'fs.write']],
    [
      ['agents.prompt', 'terminals.write'],
      ['agents.prompt', 'agents.read', 'terminals.write'],
    ],
    [['network'], ['network']],
    [['custom.thing'], ['custom.thing']],
  ];
  it.each(rows)('%j → %j', (ids, expected) => {
    expect([...expandPermissions(ids)].sort()).toEqual([...expected].sort());
  });
});

describe('permission view', () => {
  const declared = [
    { id: 'agents.prompt' as const, optional: false, reason: { en: 'To prompt', ru: 'Чтобы писать' } },
    { id: 'network' as const, optional: true, hosts: ['api.github.com'] },
    { id: 'fs.read' as const, optional: true, reason: 'Read files' },
  ];

  it('marks granted entries and localizes reasons', () => {
    expect(permissionView(declared, ['agents.prompt', 'fs.read'], 'ru')).toEqual([
      { id: 'agents.prompt', optional: false, granted: true, reason: 'Чтобы писать' },
      { id: 'network', hosts: ['api.github.com'], optional: true, granted: false },
      { id: 'fs.read', optional: true, granted: true, reason: 'Read files' },
    ]);
    expect(permissionView(declared, [], 'zh')[0]).toEqual({
      id: 'agents.prompt',
      optional: false,
      granted: false,
      reason: 'To prompt',
    });
  });

  it('expands granted entries by implies', () => {
    const view = permissionView(declared, ['agents.prompt'], 'en');
    expect([...grantedPermissions(view)].sort()).toEqual(['agents.prompt', 'agents.read']);
  });
});
