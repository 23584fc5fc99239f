import { CardSdkError } from '../contract/errors.js';
import { grantedPermissions } from '../contract/permissions.js';
import { pickInputFor } from '../contract/ports.js';
import type { PeerInfo, PermissionView, PortInfo } from '../contract/types.js';

/** What to do about a port id the manifest does not declare (naming the declared ids); null when declared. */
export function undeclaredPortHint(declared: readonly PortInfo[], id: string, side: 'input' | 'output'): string | null {
  if (declared.some((port) => port.id === id)) return null;
  const list = `ports.${side}s`;
  const ids = declared.map((port) => `"${port.id}"`).join(', ');
  return ids
    ? `Declared ${side}s: ${ids}. Use one of them, or add "${id}" to "${list}" in neurosquad-card.json.`
    : `This card declares no ${side}s; add "${id}" to "${list}" in neurosquad-card.json.`;
}

/**
 * The `NOT_FOUND` error for a port id the manifest does not declare, with a hint naming the declared ids;
 * null when `id` is declared. `side` says which list `declared` is (the card's inputs or outputs).
 * @example undeclaredPortError(card.ports.inputs, 'txt', 'input', 'usePort')
 */
export function undeclaredPortError(
  declared: readonly PortInfo[],
  id: string,
  side: 'input' | 'output',
  method: string,
): CardSdkError | null {
  const hint = undeclaredPortHint(declared, id, side);
  if (hint === null) return null;
  return new CardSdkError('NOT_FOUND', `no ${side} port "${id}" in the manifest`, undefined, method, hint);
}

/** A downstream peer a value on `output` did not reach because its input needs a permission the card lacks. */
export interface SkippedPeer {
  peer: PeerInfo;
  permission: string;
}

/** The peers among `peers` that `output` would reach but for a missing permission (`PortInfo.permission`). */
export function peersSkippedForPermission(
  output: PortInfo,
  peers: readonly PeerInfo[],
  permissions: readonly PermissionView[],
  input?: string,
): SkippedPeer[] {
  const granted = grantedPermissions(permissions);
  const skipped: SkippedPeer[] = [];
  for (const peer of peers) {
    if (peer.direction === 'upstream') continue;
    const target =
      input === undefined ? pickInputFor(output.type, peer.inputs) : peer.inputs.find((port) => port.id === input);
    if (target?.permission && !granted.has(target.permission)) skipped.push({ peer, permission: target.permission });
  }
  return skipped;
}
