import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { storyHost } from '../../storybook/index.js';
import { Button, Muted, Stack } from '../../components/index.js';
import { CARD_ICONS, CARD_TONES, type CardIcon, type CardTone } from '../../src/index.js';
import { useBadge, useMenu, useOverview, useStatus, useTitle } from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

interface ChromeProps {
  title: string;
  status: string;
  busy: boolean;
  tone: CardTone;
  badge: number;
  overviewPrimary: string;
  overviewProgress: number;
  icon: CardIcon;
  onRefresh: () => void;
}

/** What the app draws around the card: title, status line, badge, overview tile and menu. */
function Chrome(props: ChromeProps) {
  useTitle(props.title || null);
  useStatus(props.status || null, { tone: props.tone, busy: props.busy });
  useBadge(props.badge || null, { tone: props.tone });
  useOverview({ primary: props.overviewPrimary, progress: props.overviewProgress, tone: props.tone, icon: props.icon });
  useMenu([{ id: 'refresh', label: 'Refresh', icon: 'arrow-path', onSelect: props.onRefresh }]);
  return (
    <Muted>
      The app draws what these hooks set in the frame above: title, status, badge, the overview tile and the menu (click
      ⋯). Change the controls to see it follow.
    </Muted>
  );
}

/** Mounts and unmounts the chrome, to show that the hooks clear what they set. */
function Toggle(props: ChromeProps) {
  const [shown, setShown] = useState(true);
  return (
    <Stack>
      <Button onClick={() => setShown((s) => !s)}>{shown ? 'Unmount' : 'Mount'}</Button>
      {shown ? <Chrome {...props} /> : <Muted>Unmounted.</Muted>}
    </Stack>
  );
}

const meta = {
  title: 'Hooks/Chrome',
  component: Chrome,
  args: {
    title: 'Test radar · main',
    status: '2 failing',
    busy: false,
    tone: 'danger',
    badge: 2,
    overviewPrimary: '2 failing',
    overviewProgress: 0.8,
    icon: 'beaker',
    onRefresh: fn(),
  },
  argTypes: {
    tone: { control: 'inline-radio', options: CARD_TONES },
    icon: { control: 'select', options: CARD_ICONS },
    overviewProgress: { control: { type: 'range', min: 0, max: 1, step: 0.05 } },
  },
  parameters: { covers: ['useTitle', 'useStatus', 'useBadge', 'useOverview', 'useMenu'], neurosquad: demoHost() },
} satisfies Meta<typeof Chrome>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every chrome hook reaches the host as the card's raw params; the menu's `onSelect` runs on `ui.menu`. */
export const SetsChrome: Story = {
  play: async ({ id, args }) => {
    const { host } = await storyHost({ id });
    await waitFor(() => expect(host.chrome.title).toEqual({ title: 'Test radar · main' }));
    await waitFor(() => expect(host.chrome.badge).toMatchObject({ count: 2, tone: 'danger' }));
    await waitFor(() => expect(host.chrome.status).toMatchObject({ text: '2 failing', tone: 'danger' }));
    await waitFor(() =>
      expect(host.chrome.overview).toMatchObject({ primary: '2 failing', progress: 0.8, icon: 'beaker' }),
    );
    await waitFor(() => expect(host.chrome.menu).toMatchObject([{ id: 'refresh', label: 'Refresh' }]));
    host.emit('ui.menu', { id: 'refresh' });
    await waitFor(() => expect(args.onRefresh).toHaveBeenCalled());
  },
};

/** Unmounting clears the title, status and badge the hooks set. */
export const ClearsOnUnmount: Story = {
  render: (args) => <Toggle {...args} />,
  play: async ({ canvas, userEvent, id }) => {
    const { host } = await storyHost({ id });
    await waitFor(() => expect(host.chrome.status).toMatchObject({ text: '2 failing' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Unmount' }));
    await waitFor(() => expect(host.chrome.status).toMatchObject({ text: null }));
    await waitFor(() => expect(host.chrome.menu).toEqual([]));
  },
};
