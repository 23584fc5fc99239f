// A card's standalone preview: the page builds a mock host and connects the real client to it, no app around.
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../index.js';
import { DEFAULT_THEME } from '../contract/theme.js';
import { SUMMARISER_MANIFEST, notePeer } from './fixtures.js';
import { createMockHost } from './index.js';

/** A tiny vanilla card: shows the note it is fed, keeps a counter in storage, sends a summary on click. */
function mountCard(card: Card, root: HTMLElement): void {
  root.innerHTML = '<h1></h1><p role="status"></p><button type="button">Send summary</button>';
  const heading = root.querySelector('h1') as HTMLHeadingElement;
  const status = root.querySelector('p') as HTMLParagraphElement;
  const button = root.querySelector('button') as HTMLButtonElement;
  heading.textContent = card.instance.displayName;
  let latest = '';
  card.ports.onMessage<string>(
    (text) => {
      latest = text;
      status.textContent = `Got ${text.length} characters`;
    },
    { input: 'text' },
  );
  // A card's click handler; its failures surface in the test's expectations.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  button.addEventListener('click', async () => {
    const sent = (await card.storage.get<number>('sent', 0)) + 1;
    await card.storage.set('sent', sent);
    await card.ports.emit('summary', `Summary #${sent}: ${latest.split('\n')[0] ?? ''}`);
    status.textContent = `Sent ${sent}`;
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the mock host in a browser page', () => {
  it('runs a card opened directly, with the theme, language, ports and storage of the mock', async () => {
    const host = createMockHost({
      manifest: SUMMARISER_MANIFEST,
      context: { i18n: { language: 'ru', locale: 'ru-RU' } },
      peers: [notePeer('note-1', 'upstream'), notePeer('note-2', 'downstream')],
    });
    const card = await host.connect();
    const root = document.createElement('main');
    document.body.append(root);
    mountCard(card, root);

    expect(root.querySelector('h1')?.textContent).toBe('Summariser');
    expect(document.documentElement.lang).toBe('ru');
    expect(getComputedStyle(document.documentElement).getPropertyValue('--ns-background').trim()).toBe(
      DEFAULT_THEME.tokens.background,
    );

    host.sendPortMessage('text', '# Release notes\nAll green', { cardId: 'note-1' });
    await until(() => root.querySelector('p')?.textContent === 'Got 25 characters');

    root.querySelector('button')?.click();
    await until(() => host.deliveries.length === 1);
    expect(host.deliveries).toEqual([
      { to: 'note-2', output: 'summary', input: 'append', data: 'Summary #1: # Release notes' },
    ]);
    expect(host.storage.instance.get('sent')).toBe(1);
    await until(() => root.querySelector('p')?.textContent === 'Sent 1');
  });
});
