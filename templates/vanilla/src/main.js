// Import the SDK first: it starts listening for the app's handshake as soon as it loads.
import { connect } from '../vendor/card-sdk/client.js';
import { createSquad } from './squad.js';
import { mountView, pauseWhileHidden } from './view.js';

// Opened on its own (npm run preview), or with ?preview=1 inside a frame, the card runs on the mock host.
const standalone = window.parent === window || new URLSearchParams(location.search).get('preview') === '1';
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no <main id="root">');

try {
  const card = standalone ? await (await import('./preview.js')).previewCard() : await connect();
  const squad = createSquad(card);
  const render = mountView(root, { onSend: () => void squad.sendSummary(), t: squad.t });
  pauseWhileHidden(card, root);
  squad.subscribe(render);
  render(squad.getSnapshot());
  await squad.start();
  const stopPreview = standalone ? (await import('./preview.js')).afterStart() : () => {};
  // Leaving the page stops the preview's timer and the card's listeners.
  window.addEventListener('pagehide', () => {
    stopPreview();
    squad.dispose();
  });
} catch (error) {
  const message = document.createElement('pre');
  message.className = 'ns-callout ns-callout--danger';
  message.textContent = error instanceof Error ? error.message : String(error);
  root.replaceChildren(message);
}
