import type { CardContext, PeerInfo } from '../src/index.js';
import { useContextSelector } from './useContextSelector.js';

const selectPeers = (context: CardContext) => context.peers;

/** The cards and agents joined to this card by arrows; re-renders when the arrows change. */
export function usePeers(): readonly PeerInfo[] {
  return useContextSelector(selectPeers, Object.is, 'usePeers');
}
