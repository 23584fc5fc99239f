// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardSdkError, type CardManifest } from '@neurosquad/card-sdk';
import { CardProvider } from '@neurosquad/card-sdk/react';
import { createMockHost, type MockHost, type MockHostOptions } from '@neurosquad/card-sdk/testing';
import manifest from '../neurosquad-card.json';
import { App } from '../src/App';
import { notePeer, sampleAgents } from '../src/fixtures';

const running: MockHost[] = [];

afterEach(() => {
  cleanup();
  for (const host of running.splice(0)) host.close();
});

/** Renders the card on a fresh mock host, as main.tsx does; `loaded: false` does not wait for the agent list. */
async function renderCard(
  options: MockHostOptions = {},
  prepare: (host: MockHost) => void = () => {},
  { loaded = true } = {},
) {
  const host = createMockHost({
    manifest: manifest as CardManifest,
    agents: sampleAgents(),
    peers: [notePeer],
    ...options,
  });
  prepare(host);
  const card = await host.connect();
  running.push(host);
  render(
    <CardProvider card={card}>
      <App />
    </CardProvider>,
  );
  if (loaded) await screen.findByRole('button', { name: 'Send summary' });
  return { host, card, user: userEvent.setup() };
}

const sendButton = () => screen.getByRole('button', { name: 'Send summary' });
const agentNames = () =>
  within(screen.getByRole('list', { name: 'Agents' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('App on the mock host', () => {
  it('lists only the connected agents, the ones that need the user first', async () => {
    await renderCard();
    await screen.findByRole('list', { name: 'Agents' });
    expect(agentNames()).toEqual([
      expect.stringContaining('Codex'),
      expect.stringContaining('Claude Code'),
      expect.stringContaining('OpenCode'),
    ]);
    expect(screen.queryByText('Shell')).toBeNull();
    expect(screen.getByText('1 needs you')).toBeTruthy();
  });

  it('follows live status changes on the card and its frame (badge, status)', async () => {
    const { host } = await renderCard();
    await screen.findByText('1 needs you');
    await waitFor(() => expect(host.chrome.badge).toMatchObject({ count: 1 }));
    expect(host.chrome.status).toMatchObject({ text: '1 working', busy: true });
    act(() => {
      host.setAgentStatus('agent-3', 'working');
      host.setAgentStatus('agent-2', 'idle');
    });
    expect(await screen.findByText('2 working')).toBeTruthy();
    expect(screen.queryByText('1 needs you')).toBeNull();
    await waitFor(() => expect(host.chrome.status).toMatchObject({ text: '2 working', busy: true }));
    expect(host.chrome.badge).toMatchObject({ count: null });
  });

  it('hides idle agents when asked, and keeps that choice in the card storage', async () => {
    const { host, user } = await renderCard({ agents: sampleAgents().map((a) => ({ ...a, status: 'idle' as const })) });
    await screen.findByRole('list', { name: 'Agents' });
    expect(agentNames()).toHaveLength(3);
    await user.click(screen.getByRole('switch', { name: 'Hide idle agents' }));
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0));
    await waitFor(() => expect(host.storage.instance.get('hideIdle')).toBe(true));
  });

  it('sends the summary to the connected note, asking for cards.connected first', async () => {
    const asked: string[][] = [];
    const { host, user } = await renderCard({ requestPermissions: (ids) => (asked.push(ids), ids) });
    await user.click(sendButton());
    expect(await screen.findByText('Sent to 1 card')).toBeTruthy();
    expect(asked).toEqual([['cards.connected']]);
    expect(host.deliveries).toEqual([
      { to: 'note-1', output: 'summary', input: 'append', data: expect.stringContaining('- **Codex**: needs input') },
    ]);
    expect(host.grants.has('cards.connected')).toBe(true);
  });

  it('shows why a send failed, and clears it on the next send that works', async () => {
    let fail = true;
    const { user } = await renderCard({}, (host) => {
      host.handle('ports.emit', () => {
        if (fail) throw new Error('the note is read-only');
        return { delivered: 1 };
      });
    });
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The summary was not sent:');
    expect(alert.textContent).toContain('the note is read-only');
    fail = false;
    await user.click(sendButton());
    expect(await screen.findByText('Sent to 1 card')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for an arrow when no note is connected, and can send once one is', async () => {
    const { host } = await renderCard({ peers: [] });
    expect(sendButton()).toHaveProperty('disabled', true);
    expect(screen.getByText(/Draw an arrow from this card to a note/)).toBeTruthy();
    act(() => host.setPeers([notePeer]));
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', false));
  });

  it('shows the loading state with the send button disabled', async () => {
    await renderCard({}, (host) => host.handle('agents.list', () => new Promise<never>(() => {})), { loaded: false });
    expect(await screen.findByRole('status', { name: 'Loading agents…' })).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('is empty when no agent is connected', async () => {
    await renderCard({ agents: [] });
    expect(await screen.findByText('No agents connected')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Agents' })).toBeNull();
  });

  it('names the real error when the agents cannot be read, and retries', async () => {
    let fail = true;
    const { user } = await renderCard(
      {},
      (host) => {
        host.handle('agents.list', () => {
          if (fail) throw new Error('the agent index is rebuilding');
          return sampleAgents();
        });
      },
      { loaded: false },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the agents.');
    expect(alert.textContent).toContain('the agent index is rebuilding');
    expect(sendButton()).toHaveProperty('disabled', true);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Agents' })).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('says a permission is missing only when the app refused one', async () => {
    await renderCard(
      {},
      (host) => {
        host.handle('agents.list', () => {
          throw new CardSdkError('PERMISSION_DENIED', 'agents.read was not granted');
        });
      },
      { loaded: false },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This card may not read the agents.');
    expect(alert.textContent).toContain('agents.read was not granted');
  });

  it('answers agents through the squad_summary tool, in the app language', async () => {
    const { host } = await renderCard();
    await screen.findByRole('list', { name: 'Agents' });
    const result = await host.callTool('squad_summary', {});
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('- **Claude Code**: working') }]);
    act(() => host.setLanguage('ru'));
    await screen.findByRole('main', { name: 'Команда' });
    const russian = await host.callTool('squad_summary', {});
    expect(russian.content).toEqual([{ type: 'text', text: expect.stringContaining('## Статус команды') }]);
    await waitFor(() => expect(host.chrome.status).toMatchObject({ text: '1 работает' }));
  });

  it('speaks Russian with the right plural forms', async () => {
    const { host } = await renderCard({ context: { i18n: { language: 'ru' } } }, () => {}, { loaded: false });
    expect(screen.getByRole('main', { name: 'Команда' })).toBeTruthy();
    expect(await screen.findByText('1 ждёт вас')).toBeTruthy();
    act(() => {
      host.setAgentStatus('agent-1', 'needs-input');
      host.setAgentStatus('agent-3', 'needs-input');
    });
    expect(await screen.findByText('3 ждут вас')).toBeTruthy();
  });

  it('marks the card data-paused while it is hidden, so its animations stop', async () => {
    const { host } = await renderCard();
    const main = screen.getByRole('main', { name: 'Squad' });
    expect(main.hasAttribute('data-paused')).toBe(false);
    act(() => host.setVisibility('hidden'));
    await expect.poll(() => main.hasAttribute('data-paused')).toBe(true);
    act(() => host.setVisibility('visible'));
    await expect.poll(() => main.hasAttribute('data-paused')).toBe(false);
  });

  it('stops listening to agent status once unmounted', async () => {
    const { host } = await renderCard();
    await screen.findByRole('list', { name: 'Agents' });
    expect(host.subscriptions.has('agents.status')).toBe(true);
    cleanup();
    await waitFor(() => expect(host.subscriptions.has('agents.status')).toBe(false));
  });
});
