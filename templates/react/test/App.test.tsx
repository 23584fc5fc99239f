// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardSdkError, type CardManifest } from '@neurosquad/card-sdk';
import { CardProvider } from '@neurosquad/card-sdk/react';
import { createMockHost, type MockHost, type MockHostOptions } from '@neurosquad/card-sdk/testing';
import manifest from '../neurosquad-card.json';
import { App } from '../src/App';
import { SquadController } from '../src/controller';
import { notePeer, sampleAgents } from '../src/fixtures';

const running: { host: MockHost; controller: SquadController }[] = [];

afterEach(() => {
  cleanup();
  for (const { host, controller } of running.splice(0)) {
    controller.dispose();
    host.close();
  }
});

/** Renders the card on a fresh mock host and starts its controller, as main.tsx does (`loaded: false` does not wait). */
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
  const controller = new SquadController(card);
  running.push({ host, controller });
  render(
    <CardProvider card={card}>
      <App controller={controller} />
    </CardProvider>,
  );
  if (loaded) await act(() => controller.start());
  else act(() => void controller.start());
  return { host, controller, user: userEvent.setup() };
}

const sendButton = () => screen.getByRole('button', { name: 'Send summary' });

describe('App on the mock host', () => {
  it('lists only the connected agents, the ones that need the user first', async () => {
    await renderCard();
    const items = within(screen.getByRole('list', { name: 'Agents' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Codex'),
      expect.stringContaining('Claude Code'),
      expect.stringContaining('OpenCode'),
    ]);
    expect(screen.queryByText('Shell')).toBeNull();
    expect(screen.getByText('1 needs you')).toBeTruthy();
  });

  it('follows live status changes', async () => {
    const { host } = await renderCard();
    host.setAgentStatus('agent-3', 'working');
    expect(await screen.findByText('2 working')).toBeTruthy();
  });

  it('sends the summary to the connected note when the button is clicked', async () => {
    const { host, user } = await renderCard();
    await user.click(sendButton());
    expect(await screen.findByText('Sent to 1 card')).toBeTruthy();
    expect(host.deliveries).toEqual([expect.objectContaining({ to: 'note-1', output: 'summary', input: 'append' })]);
    expect(host.grants.has('cards.connected')).toBe(true);
  });

  it('shows why a send failed', async () => {
    const { user } = await renderCard({}, (host) => {
      host.handle('ports.emit', () => {
        throw new Error('the note is read-only');
      });
    });
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the note is read-only');
  });

  it('asks for an arrow when no note is connected, with the send button disabled', async () => {
    await renderCard({ peers: [] });
    expect(sendButton()).toHaveProperty('disabled', true);
    expect(screen.getByText(/Draw an arrow from this card to a note/)).toBeTruthy();
  });

  it('shows the loading state with the send button disabled', async () => {
    await renderCard({}, (host) => host.handle('agents.list', () => new Promise<never>(() => {})), { loaded: false });
    expect(await screen.findByRole('status', { name: 'Loading agents…' })).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('names the real error when the agents cannot be read, and retries', async () => {
    let fail = true;
    const { user } = await renderCard({}, (host) => {
      host.handle('agents.list', () => {
        if (fail) throw new Error('the agent index is rebuilding');
        return sampleAgents();
      });
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the agents.');
    expect(alert.textContent).toContain('the agent index is rebuilding');
    expect(sendButton()).toHaveProperty('disabled', true);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Agents' })).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('says a permission is missing only when the app refused one', async () => {
    await renderCard({}, (host) => {
      host.handle('agents.list', () => {
        throw new CardSdkError('PERMISSION_DENIED', 'agents.read was not granted');
      });
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This card may not read the agents.');
    expect(alert.textContent).toContain('agents.read was not granted');
  });

  it('speaks Russian with the right plural forms', async () => {
    const { host } = await renderCard({ context: { i18n: { language: 'ru' } } });
    expect(screen.getByRole('main', { name: 'Команда' })).toBeTruthy();
    expect(screen.getByText('1 ждёт вас')).toBeTruthy();
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
});
