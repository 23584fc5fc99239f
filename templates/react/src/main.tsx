// Import the SDK first: it starts listening for the app's handshake as soon as it loads.
import { connect, type Card } from '@neurosquad/card-sdk';
import { CardProvider } from '@neurosquad/card-sdk/react';
import '@neurosquad/card-sdk/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

// Opened on its own (npm run preview), or with ?preview=1 inside a frame, the card runs on the mock host.
const standalone = window.parent === window || new URLSearchParams(location.search).get('preview') === '1';
const root = createRoot(document.getElementById('root') as HTMLElement);

async function start(): Promise<Card> {
  // The dynamic import keeps the mock host in its own chunk, loaded only for the preview.
  return standalone ? (await import('./preview')).previewCard() : connect();
}

try {
  const card = await start();
  root.render(
    <StrictMode>
      <CardProvider card={card}>
        <App />
      </CardProvider>
    </StrictMode>,
  );
  const stopPreview = standalone ? (await import('./preview')).simulate() : () => {};
  // Leaving the page stops the preview's simulation, then React (which removes the card's handlers and listeners).
  window.addEventListener('pagehide', () => {
    stopPreview();
    root.unmount();
  });
} catch (error) {
  root.render(
    <pre className="ns-callout ns-callout--danger">{error instanceof Error ? error.message : String(error)}</pre>,
  );
}
