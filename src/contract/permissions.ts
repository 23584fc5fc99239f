import { localize, type LocalizedText } from './constants.js';

/** Permission ids in their canonical order (also the order of normalized manifests). */
export const PERMISSION_IDS = [
  'agents.read',
  'agents.output',
  'agents.prompt',
  'terminals.write',
  'cards.connected',
  'network',
  'network.local',
  'fs.read',
  'fs.write',
  'clipboard.write',
  'canvas.spawn',
  'background',
  'usage.read',
] as const;

/** A permission a manifest declares and a card holds, requests or checks. */
export type PermissionId = (typeof PERMISSION_IDS)[number];

/** How much a permission lets a card do, as shown in the install dialog. */
export type PermissionRisk = 'low' | 'medium' | 'high';

/** What the app knows about one permission. */
export interface PermissionInfo {
  id: PermissionId;
  risk: PermissionRisk;
  /** Permissions granted along with this one. */
  implies: readonly PermissionId[];
  /** True when the manifest entry must list `hosts`. */
  hosts: boolean;
}

// What a grant brings with it, apart from the catalog below, so expanding grants (what a connected card does)
// does not keep the whole catalog in its bundle.
const IMPLIES: Readonly<Partial<Record<string, readonly PermissionId[]>>> = {
  'agents.output': ['agents.read'],
  'agents.prompt': ['agents.read'],
  'terminals.write': ['agents.read'],
  'fs.write': ['fs.read'],
};

/** The permissions `id` brings with it (own entries only: `__proto__` or `toString` imply nothing). */
const impliedBy = (id: string): readonly PermissionId[] =>
  (Object.prototype.hasOwnProperty.call(IMPLIES, id) && IMPLIES[id]) || [];

// Marked free of side effects, so a bundler drops the catalog from a card that never reads it.
/* @__NO_SIDE_EFFECTS__ */
function entry(id: PermissionId, risk: PermissionRisk, hosts = false): PermissionInfo {
  return Object.freeze({ id, risk, implies: Object.freeze([...impliedBy(id)]), hosts });
}

/** The permission catalog: risk, implied permissions and whether `hosts` are needed. */
export const PERMISSIONS: Readonly<Record<PermissionId, PermissionInfo>> = /* @__PURE__ */ Object.freeze({
  'agents.read': entry('agents.read', 'low'),
  'agents.output': entry('agents.output', 'high'),
  'agents.prompt': entry('agents.prompt', 'high'),
  'terminals.write': entry('terminals.write', 'high'),
  'cards.connected': entry('cards.connected', 'medium'),
  network: entry('network', 'medium', true),
  'network.local': entry('network.local', 'high'),
  'fs.read': entry('fs.read', 'high'),
  'fs.write': entry('fs.write', 'high'),
  'clipboard.write': entry('clipboard.write', 'low'),
  'canvas.spawn': entry('canvas.spawn', 'low'),
  background: entry('background', 'low'),
  'usage.read': entry('usage.read', 'low'),
});

/** True when `value` is a known permission id. */
export function isPermissionId(value: unknown): value is PermissionId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}

/** The given ids plus everything they imply (transitively); unknown ids are kept as they are. */
export function expandPermissions(ids: Iterable<string>): Set<string> {
  const result = new Set<string>();
  const pending = [...ids];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (result.has(id)) continue;
    result.add(id);
    pending.push(...impliedBy(id));
  }
  return result;
}

/** A permission as declared in a normalized manifest. */
export interface ManifestPermission {
  id: PermissionId;
  optional: boolean;
  reason?: LocalizedText;
  hosts?: string[];
}

/** One declared permission as the card sees it (`context.permissions`, `permissions.list`). */
export interface PermissionView {
  id: PermissionId;
  hosts?: string[];
  optional: boolean;
  granted: boolean;
  /** The manifest's reason, in the current language. */
  reason?: string;
}

/** Builds the card's view of its declared permissions: granted flags and localized reasons. */
export function permissionView(
  declared: readonly ManifestPermission[],
  granted: Iterable<string>,
  language: string,
): PermissionView[] {
  const grantedSet = new Set(granted);
  return declared.map((permission) => {
    const view: PermissionView = { id: permission.id } as PermissionView;
    if (permission.hosts && permission.hosts.length > 0) view.hosts = [...permission.hosts];
    view.optional = permission.optional === true;
    view.granted = grantedSet.has(permission.id);
    const reason = localize(permission.reason, language);
    if (reason) view.reason = reason;
    return view;
  });
}

/** The ids a permission view grants, expanded by what they imply. */
export function grantedPermissions(view: readonly Pick<PermissionView, 'id' | 'granted'>[]): Set<string> {
  return expandPermissions(view.filter((permission) => permission.granted).map((permission) => permission.id));
}
