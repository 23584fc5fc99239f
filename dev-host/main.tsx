// Entry of the dev host page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../src/ui.css';
import { App } from './App.js';
import { CanvasApp } from './canvas/CanvasApp.js';
import { loadCanvas } from './canvas/canvas-page.js';

const root = document.getElementById('root');
if (root) {
  // Several folders make a canvas; one folder is the one-card page.
  void loadCanvas().then((canvas) =>
    createRoot(root).render(<StrictMode>{canvas ? <CanvasApp canvas={canvas} /> : <App />}</StrictMode>),
  );
}
