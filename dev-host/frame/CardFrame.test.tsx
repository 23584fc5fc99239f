import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMockHost } from '../../src/testing/index.js';
import type { MockChrome } from '../../src/testing/index.js';
import { CardFrame } from './CardFrame.js';
import { emptyChrome } from '../../src/testing/chrome.js';

const manifest = {
  manifestVersion: 1,
  protocol: 1,
  name: 'frame-test',
  displayName: 'Frame test',
  version: '1.0.0',
  entry: 'index.html',
  card: { defaultSize: { w: 320, h: 200 }, minSize: { w: 200, h: 120 }, maxSize: { w: 800, h: 600 } },
};

const empty: MockChrome = emptyChrome();

describe('CardFrame', () => {
  it('draws the title, status, badge, overview and attention the card set', async () => {
    const host = createMockHost({ manifest });
    const card = await host.connect();
    await Promise.all([
      card.setTitle('Build watcher'),
      card.setStatus('Compiling', { tone: 'warning', busy: true }),
      card.setBadge(7, { tone: 'danger' }),
      card.setOverview({ primary: '3 of 4 done', secondary: 'main branch', progress: 0.75, icon: 'rocket-launch' }),
      card.attention('needs-input', 'Pick a branch'),
    ]);
    render(
      <CardFrame chrome={{ ...host.chrome }} size={{ w: 320, h: 200 }} onMenu={() => {}}>
        <p>card content</p>
      </CardFrame>,
    );
    const frame = screen.getByRole('region', { name: 'Card Build watcher' });
    expect(within(frame).getByRole('heading', { name: 'Build watcher' })).toBeInTheDocument();
    expect(within(frame).getByRole('status', { name: 'Card status' })).toHaveTextContent('Compiling');
    expect(within(frame).getByRole('status', { name: 'Busy' })).toBeInTheDocument();
    expect(within(frame).getByLabelText('Card badge')).toHaveTextContent('7');
    const overview = within(frame).getByLabelText('Card overview');
    expect(overview).toHaveTextContent('3 of 4 done');
    expect(overview).toHaveTextContent('main branch');
    expect(within(overview).getByRole('progressbar', { name: 'Card progress' })).toHaveAttribute(
      'aria-valuenow',
      '0.75',
    );
    expect(within(frame).getByRole('alert', { name: 'Card attention' })).toHaveTextContent(
      'Needs input: Pick a branch',
    );
    expect(frame).toHaveAttribute('data-attention', 'needs-input');
    expect(within(frame).getByText('card content').parentElement).toHaveStyle({ width: '320px', height: '200px' });
    card.close();
  });

  it('shows the manifest name until the card sets a title, and nothing for cleared parts', async () => {
    const host = createMockHost({ manifest });
    const card = await host.connect();
    await card.setStatus('Busy');
    await card.setStatus(null);
    await card.attention('info', 'hello');
    await card.attention('none');
    render(
      <CardFrame chrome={{ ...host.chrome }} name="Frame test" size={{ w: 320, h: 200 }} onMenu={() => {}}>
        <p>content</p>
      </CardFrame>,
    );
    expect(screen.getByRole('heading', { name: 'Frame test' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Card status' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Card overview')).toBeNull();
    card.close();
  });

  it('lists the menu and sends ui.menu for the entry clicked, so the card runs its onSelect', async () => {
    const host = createMockHost({ manifest });
    const card = await host.connect();
    const refresh = vi.fn();
    const wipe = vi.fn();
    await card.ui.setMenu([
      { id: 'refresh', label: 'Refresh', icon: 'arrow-path', onSelect: refresh },
      { id: 'wipe', label: 'Wipe', tone: 'danger', onSelect: wipe },
      { id: 'later', label: 'Later', disabled: true },
    ]);
    const onMenu = vi.fn((id: string) => host.emit('ui.menu', { id }));
    render(
      <CardFrame chrome={{ ...host.chrome }} size={{ w: 320, h: 200 }} onMenu={onMenu}>
        <p>content</p>
      </CardFrame>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Card menu' }));
    const menu = screen.getByRole('menu', { name: 'Card menu' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Refresh', 'Wipe', 'Later']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Later' }));
    expect(onMenu).not.toHaveBeenCalled();
    await user.click(within(menu).getByRole('menuitem', { name: 'Wipe' }));
    expect(onMenu).toHaveBeenCalledWith('wipe');
    await waitFor(() => expect(wipe).toHaveBeenCalledOnce());
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    card.close();
  });

  it('opens the menu from the keyboard and picks with the arrow keys and Enter', async () => {
    const onMenu = vi.fn();
    const chrome: MockChrome = {
      ...empty,
      menu: [
        { id: 'a', label: 'First' },
        { id: 'b', label: 'Second' },
      ],
    };
    render(
      <CardFrame chrome={chrome} size={{ w: 320, h: 200 }} onMenu={onMenu}>
        <p>content</p>
      </CardFrame>,
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Card menu' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'First' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onMenu).toHaveBeenCalledWith('b');
    expect(screen.getByRole('button', { name: 'Card menu' })).toHaveFocus();
  });

  it('disables the menu button while the card has no menu', () => {
    render(
      <CardFrame chrome={empty} size={{ w: 320, h: 200 }} onMenu={() => {}}>
        <p>content</p>
      </CardFrame>,
    );
    expect(screen.getByRole('button', { name: 'Card menu' })).toBeDisabled();
  });
});
