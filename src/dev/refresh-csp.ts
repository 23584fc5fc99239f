import { cardContentSecurityPolicy } from './csp.js';

/** What the card's CSP lets through beyond the app's own while the card runs on Vite's dev server. */
export interface RefreshLoosening {
  /** The dev server's HMR socket, `ws://127.0.0.1:<cardPort>` (added to `connect-src`). */
  socket: string;
  /** The session's nonce on the `<style>` elements the dev server injects for imported CSS (added to `style-src`). */
  styleNonce: string;
}

/**
 * The app's CSP for a card served by Vite's dev server: the same rules, but `connect-src` allows the HMR socket
 * only and `style-src` also the dev server's injected styles (by the session's nonce). Module URLs are on the card
 * origin already, and the React refresh preamble is a file there, so `script-src` stays the app's own.
 */
export function refreshContentSecurityPolicy(
  cardOrigin: string,
  reportUrl: string,
  loosening: RefreshLoosening,
): string {
  return cardContentSecurityPolicy(cardOrigin, reportUrl)
    .split('; ')
    .map((rule) => {
      if (rule === "connect-src 'none'") return `connect-src ${loosening.socket}`;
      if (rule.startsWith('style-src ')) return `${rule} 'nonce-${loosening.styleNonce}'`;
      return rule;
    })
    .join('; ');
}

/** The one terminal line saying what Fast Refresh loosens in the card's CSP, and what checks the app's own. */
export function refreshLooseningLine(socket: string): string {
  return (
    `Fast Refresh through Vite: the card's CSP is loosened for the dev server only (connect-src ${socket} for its ` +
    `HMR socket, style-src by nonce for the styles it injects); neurosquad-card validate checks the build against the app's own\n`
  );
}
