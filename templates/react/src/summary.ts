// Sending the summary, without React: ask for the permission each connected note needs, then emit. App.tsx calls
// it with the card from useCard() and the emit of useEmit('summary').
import { permissionForPeer, requestPermissions, type Card } from '@neurosquad/card-sdk';

/** Asks for what each downstream peer needs to take Markdown (asking never throws), then sends `markdown`. */
export async function sendSummary(
  card: Card,
  emit: (markdown: string) => Promise<number | undefined>,
  markdown: string,
): Promise<number | undefined> {
  const needed = card.ports.peers.map((peer) => permissionForPeer(peer, { outputType: 'ns:markdown' }));
  await requestPermissions(card, ...needed.filter((id) => id !== null));
  return emit(markdown);
}
