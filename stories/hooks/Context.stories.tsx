import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { storyHost, useStoryHost } from '../../storybook/index.js';
import { Badge, Button, Dot, Mono, Muted, Row, Spinner, Stack, Surface, Title } from '../../components/index.js';
import { DEFAULT_THEME, LIGHT_THEME } from '../../src/index.js';
import {
  useCard,
  useCardContext,
  useExpanded,
  useLanguage,
  usePaused,
  usePausedIfConnected,
  useTheme,
  useVisibility,
} from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

/** What the app tells the card about where it is shown. */
function ContextPanel() {
  const theme = useTheme();
  const language = useLanguage();
  const visibility = useVisibility();
  const expanded = useExpanded();
  const paused = usePaused();
  return (
    <Surface>
      <Stack>
        <Title as="h3">The card's context</Title>
        <Row>
          <span>Theme</span>
          <Badge tone="accent" data-testid="scheme">
            {theme.scheme}
          </Badge>
        </Row>
        <Row>
          <span>Language</span>
          <Badge data-testid="language">{language}</Badge>
        </Row>
        <Row>
          <span>Visibility</span>
          <Badge tone={visibility === 'visible' ? 'success' : 'warning'} data-testid="visibility">
            {visibility}
          </Badge>
        </Row>
        <Row>
          <span>Expanded</span>
          <Badge data-testid="expanded">{expanded ? 'yes' : 'no'}</Badge>
        </Row>
        <Row>
          <Dot tone={paused ? 'warning' : 'success'} />
          <span data-testid="paused">{paused ? 'paused: timers stopped' : 'running'}</span>
        </Row>
        <Muted>Switch Theme, Language and Visibility on the toolbar: the mock host sends the app's events.</Muted>
      </Stack>
    </Surface>
  );
}

/** Buttons that play the app's part from inside the story: each sends the app's event to the card. */
function AppSwitches() {
  const { host } = useStoryHost();
  return (
    <Stack>
      <ContextPanel />
      <Row>
        <Button size="sm" onClick={() => host.setLanguage('ru')}>
          App language: Русский
        </Button>
        <Button size="sm" onClick={() => host.setTheme(LIGHT_THEME)}>
          App theme: light
        </Button>
        <Button size="sm" onClick={() => host.setTheme(DEFAULT_THEME)}>
          App theme: dark
        </Button>
      </Row>
    </Stack>
  );
}

/**
 * A clock that stops while the card is not visible (`usePaused`); `usePausedIfConnected` reads the same outside a
 * `CardProvider` too (false there), as the kit's Spinner does.
 */
function PausingClock() {
  const paused = usePaused();
  const pausedIfConnected = usePausedIfConnected();
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setTicks((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [paused]);
  return (
    <Row>
      <Spinner label="Ticking" />
      <span>
        {ticks} ticks {paused ? '(paused)' : ''}
      </span>
      <Muted data-testid="paused-if-connected">{`usePausedIfConnected: ${String(pausedIfConnected)}`}</Muted>
    </Row>
  );
}

/** `useCard` gives the connected client; `useCardContext(selector)` reads one slice of the context. */
function CardInfo() {
  const card = useCard();
  const title = useCardContext((context) => context.instance.displayName);
  const workspace = useCardContext((context) => context.workspace.name);
  const [info, setInfo] = useState<string>('');
  useEffect(() => {
    let live = true;
    void card.call('card.getInfo', {}).then((result) => live && setInfo(JSON.stringify(result)));
    return () => {
      live = false;
    };
  }, [card]);
  return (
    <Surface>
      <Stack>
        <Title as="h3">{title}</Title>
        <Muted>in {workspace}</Muted>
        <Mono>card.getInfo → {info || '…'}</Mono>
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/Context',
  component: ContextPanel,
  parameters: { neurosquad: demoHost() },
} satisfies Meta<typeof ContextPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `useTheme`, `useLanguage`, `useVisibility`, `useExpanded`, `usePaused`: each follows the app's event. */
export const LiveContext: Story = {
  parameters: { covers: ['useTheme', 'useLanguage', 'useVisibility', 'useExpanded', 'usePaused'] },
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(canvas.getByTestId('scheme')).toHaveTextContent(host.hostContext.theme.scheme);
    host.setTheme(LIGHT_THEME);
    await waitFor(() => expect(canvas.getByTestId('scheme')).toHaveTextContent('light'));
    host.setLanguage('zh');
    await waitFor(() => expect(canvas.getByTestId('language')).toHaveTextContent('zh'));
    host.setExpanded(true);
    await waitFor(() => expect(canvas.getByTestId('expanded')).toHaveTextContent('yes'));
    host.setVisibility('overview');
    await waitFor(() => expect(canvas.getByTestId('visibility')).toHaveTextContent('overview'));
    await expect(canvas.getByTestId('paused')).toHaveTextContent('paused');
    host.setVisibility('visible');
    await waitFor(() => expect(canvas.getByTestId('paused')).toHaveTextContent('running'));
  },
};

/** A story can start in any language, theme and visibility through `parameters.neurosquad`. */
export const StartsHiddenInRussian: Story = {
  parameters: {
    covers: ['useLanguage', 'useVisibility'],
    neurosquad: { language: 'ru', visibility: 'hidden', theme: 'light' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('language')).toHaveTextContent('ru');
    await expect(canvas.getByTestId('visibility')).toHaveTextContent('hidden');
    await expect(canvas.getByTestId('scheme')).toHaveTextContent('light');
  },
};

/** The app switches from inside the story (the mock host's drivers); the toolbar shows the new values. */
export const SwitchedFromTheStory: Story = {
  parameters: { covers: ['useLanguage', 'useTheme'] },
  render: () => <AppSwitches />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'App language: Русский' }));
    await waitFor(() => expect(canvas.getByTestId('language')).toHaveTextContent('ru'));
    await userEvent.click(canvas.getByRole('button', { name: 'App theme: light' }));
    await waitFor(() => expect(canvas.getByTestId('scheme')).toHaveTextContent('light'));
    await userEvent.click(canvas.getByRole('button', { name: 'App theme: dark' }));
    await waitFor(() => expect(canvas.getByTestId('scheme')).toHaveTextContent('dark'));
  },
};

/** `usePaused`: a ticking clock that stops off screen. */
export const PausedOffScreen: Story = {
  parameters: { controls: { disable: true }, covers: ['usePaused', 'usePausedIfConnected'] },
  render: () => <PausingClock />,
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    host.setVisibility('hidden');
    await expect(await canvas.findByText(/\(paused\)/)).toBeVisible();
    await expect(canvas.getByTestId('paused-if-connected')).toHaveTextContent('usePausedIfConnected: true');
  },
};

/** `useCard` and `useCardContext(selector)`. */
export const CardAndContext: Story = {
  parameters: { controls: { disable: true }, covers: ['useCard', 'useCardContext'] },
  render: () => <CardInfo />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Test radar', level: 3 })).toBeVisible();
    await expect(await canvas.findByText(/card\.getInfo → \{/)).toBeVisible();
  },
};
