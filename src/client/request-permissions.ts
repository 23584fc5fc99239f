import type { PermissionId } from '../contract/types.js';
import type { Card } from './card.js';

/**
 * Makes sure the card has the given permissions: asks the user for the missing declared optional ones and
 * resolves with the ids usable now. Never throws.
 * @example await requestPermissions(card, ...needed.filter((id) => id !== null))
 */
export async function requestPermissions(
  card: Card,
  ...ids: Array<PermissionId | (string & {}) | null | undefined>
): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  try {
    const optional = new Set(card.permissions.all.filter((view) => view.optional).map((view) => view.id as string));
    const missing = wanted.filter((id) => !card.permissions.has(id) && optional.has(id));
    if (missing.length > 0) await card.permissions.request(...(missing as PermissionId[]));
  } catch {
    // Refusals (off screen, declined, throttled) leave the card with what it already has.
  }
  try {
    return wanted.filter((id) => card.permissions.has(id));
  } catch {
    return [];
  }
}
