// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CardManifest } from '@neurosquad/card-sdk';
import { CardProvider } from '@neurosquad/card-sdk/react';
import { createMockHost } from '@neurosquad/card-sdk/testing';
import manifest from '../neurosquad-card.json';
import { App } from '../src/App';
import { notePeer, sampleAgents } from '../src/fixtures';

afterEach(cleanup);

async function renderCard(options: { withNote?: boolean } = {}) {
  const host = createMockHost({
    manifest: manifest as CardManifest,
    agents: sampleAgents(),
    peers: options.withNote === false ? [] : [notePeer],
  });
  const card = await host.connect();
  render(
    <CardProvider card={card}>
      <App />
    </CardProvider>,
  );
  await screen.findByText('Claude Code');
  return host;
}

describe('App on the mock host', () => {
  it('lists only the connected agents, with their status', async () => {
    await renderCard();
    const list = screen.getByRole('list', { name: 'Squad' });
    expect(list.textContent).toContain('Codex');
    expect(list.textContent).toContain('OpenCode');
    expect(list.textContent).not.toContain('Shell');
  });

  it('follows live status changes on the card and its frame (badge, status)', async () => {
    const host = await renderCard();
    await waitFor(() => expect(host.chrome.badge).toMatchObject({ count: 1 }));
    await waitFor(() => expect(host.subscriptions.has('agents.status')).toBe(true));
    host.setAgentStatus('agent-3', 'working');
    await screen.findByText('2 working');
    await waitFor(() => expect(host.chrome.status).toMatchObject({ text: '2 working' }));
  });

  it('sends the summary to the connected note', async () => {
    const host = await renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Send summary' }));
    await waitFor(() => expect(host.deliveries).toHaveLength(1));
    expect(host.deliveries[0]).toMatchObject({ to: 'note-1', output: 'summary', input: 'append' });
    expect(String(host.deliveries[0]?.data)).toContain('- **Codex**: needs input');
    expect(host.grants.has('cards.connected')).toBe(true);
  });

  it('asks for an arrow when no note is connected', async () => {
    await renderCard({ withNote: false });
    expect(screen.getByRole('button', { name: 'Send summary' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/Draw an arrow from this card to a note/)).toBeTruthy();
  });

  it('answers agents through the squad_summary tool', async () => {
    const host = await renderCard();
    const result = await host.callTool('squad_summary', {});
    expect(result.content[0]).toMatchObject({ type: 'text' });
    expect(JSON.stringify(result)).toContain('Claude Code');
  });

  it('marks the card data-paused while it is hidden, so its animations stop', async () => {
    const host = await renderCard();
    const squad = screen.getByRole('list', { name: 'Squad' }).closest('.squad') as HTMLElement;
    expect(squad.hasAttribute('data-paused')).toBe(false);
    host.setVisibility('hidden');
    await waitFor(() => expect(squad.hasAttribute('data-paused')).toBe(true));
    host.setVisibility('visible');
    await waitFor(() => expect(squad.hasAttribute('data-paused')).toBe(false));
  });
});
