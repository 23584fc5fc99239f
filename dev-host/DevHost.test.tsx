import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Card } from '../src/index.js';
import { DevHost } from './DevHost.js';
import { createDevMockHost } from './host/dev-mock-host.js';
import { createHostDialogs } from './host/host-dialogs.js';

const manifest = {
  manifestVersion: 1,
  protocol: 1,
  name: 'dev-host-test',
  displayName: 'Dev host test',
  version: '1.0.0',
  entry: 'index.html',
  card: { defaultSize: { w: 360, h: 240 } },
  permissions: ['agents.read', { id: 'cards.connected', optional: true, reason: 'Send a summary' }],
  ports: { inputs: [{ id: 'notes', label: 'Notes', type: 'ns:text' }] },
  tools: [
    {
      name: 'add_numbers',
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
    },
  ],
};

/** The page around a real card connected in the same window (the iframe stands in as a plain element). */
async function mountPage(): Promise<{ card: Card; host: ReturnType<typeof createDevMockHost> }> {
  const dialogs = createHostDialogs();
  const host = createDevMockHost(manifest, dialogs);
  const card = await host.connect();
  render(
    <DevHost host={host} dialogs={dialogs}>
      <div>card content</div>
    </DevHost>,
  );
  return { card, host };
}

describe('DevHost', () => {
  it('calls a manifest tool with the JSON arguments typed and shows the handler result', async () => {
    const { card } = await mountPage();
    card.tools.handle<{ a: number; b: number }>('add_numbers', (args) => ({ sum: args.a + args.b }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Tools' }));
    const args = screen.getByRole('textbox', { name: 'Arguments for add_numbers' });
    await user.clear(args);
    await user.type(args, '{{"a": 2, "b": 40}');
    await user.click(screen.getByRole('button', { name: 'Call add_numbers' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(result).toHaveTextContent('"sum": 42');
    card.close();
  });

  it('shows bad JSON as an inline error and calls nothing', async () => {
    const { card, host } = await mountPage();
    const user = userEvent.setup();
    const args = screen.getByRole('textbox', { name: 'Arguments for add_numbers' });
    await user.clear(args);
    await user.type(args, '{{"a": 2,');
    await user.click(screen.getByRole('button', { name: 'Call add_numbers' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Not valid JSON/);
    expect(args).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('region', { name: 'Result' })).toBeNull();
    expect(host.events.some((event) => event.event === 'tools.call')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Ports' }));
    const message = screen.getByRole('textbox', { name: 'Message for notes' });
    await user.clear(message);
    await user.type(message, 'not json');
    await user.click(screen.getByRole('button', { name: 'Send to notes' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Not valid JSON/);
    card.close();
  });

  it('asks card.ui.confirm in a modal dialog and answers what was clicked', async () => {
    const { card } = await mountPage();
    const user = userEvent.setup();
    const first = card.ui.confirm({ title: 'Delete all?', message: 'This removes every item.' });
    const dialog = await screen.findByRole('dialog', { name: 'Delete all?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('This removes every item.');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(first).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    const second = card.ui.confirm({ title: 'Again?', message: 'Once more.' });
    await screen.findByRole('dialog', { name: 'Again?' });
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
    card.close();
  });

  it('asks for optional permissions and grants only the ones left ticked', async () => {
    const { card, host } = await mountPage();
    const user = userEvent.setup();
    const asked = card.permissions.request('cards.connected');
    const dialog = await screen.findByRole('dialog', { name: 'Allow permissions?' });
    expect(within(dialog).getByText('Send a summary')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Allow' }));
    await asked;
    expect(host.grants.has('cards.connected')).toBe(true);
    card.close();
  });

  it('draws the chrome the card sets and shows its toasts', async () => {
    const { card } = await mountPage();
    await act(async () => {
      await card.setTitle('Counter');
      await card.ui.toast('Saved', { tone: 'success' });
    });
    expect(await screen.findByRole('heading', { name: 'Counter' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Toasts' })).toHaveTextContent('Saved'));
    card.close();
  });

  it('adds an agent and drives its status, which the card sees', async () => {
    const { card, host } = await mountPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    await user.type(screen.getByRole('textbox', { name: 'Agent name' }), 'Coder');
    await user.click(screen.getByRole('button', { name: 'Add agent' }));
    expect(await card.agents.list()).toMatchObject([{ name: 'Coder', status: 'idle' }]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Coder' }), 'working');
    expect(host.agents[0]?.status).toBe('working');
    await user.click(screen.getByRole('button', { name: 'Remove Coder' }));
    expect(host.agents).toEqual([]);
    card.close();
  });

  it('switches the theme and the language through the App tab', async () => {
    const { card, host } = await mountPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'App' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'light');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ru');
    await waitFor(() => expect(card.context.theme.scheme).toBe('light'));
    expect(card.context.i18n.language).toBe('ru');
    expect(host.context.theme.scheme).toBe('light');
    card.close();
  });

  it('moves between tabs with the arrow keys', async () => {
    await mountPage();
    const user = userEvent.setup();
    const tools = screen.getByRole('tab', { name: 'Tools' });
    tools.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Ports' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Ports' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('notes');
  });
});
