import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect } from 'storybook/test';
import type { Card } from '../../src/index.js';
import { createMockHost } from '../../src/testing/index.js';
import { Callout, Muted, Spinner, Row, Title } from '../../components/index.js';
import { CardProvider, useCardContext } from '../../hooks/index.js';
import { demoManifest } from '../support/fixtures.js';

function Greeting() {
  const name = useCardContext((context) => context.instance.displayName);
  return <Title as="h3">Hello from {name}</Title>;
}

/** A card's own standalone preview: its own mock host, then `CardProvider card={card}`. */
function OwnPreview() {
  const [card, setCard] = useState<Card | null>(null);
  useEffect(() => {
    const host = createMockHost({ manifest: demoManifest, context: { i18n: { language: 'ru', locale: 'ru-RU' } } });
    let live = true;
    void host.connect().then((connected) => live && setCard(connected));
    return () => {
      live = false;
      host.close();
    };
  }, []);
  if (!card) return <Muted>Connecting…</Muted>;
  return (
    <CardProvider card={card}>
      <Greeting />
    </CardProvider>
  );
}

const meta = {
  title: 'Hooks/CardProvider',
  component: CardProvider,
  args: {
    connectOptions: { timeoutMs: 300 },
    fallback: (
      <Row>
        <Spinner /> Connecting to NeuroSquad…
      </Row>
    ),
    errorFallback: (error) => (
      <Callout tone="danger" role="alert">
        {error.code}: {error.message}
      </Callout>
    ),
    children: <Greeting />,
  },
  argTypes: {
    // Read once, when CardProvider connects: a later change would do nothing.
    connectOptions: { control: false },
    children: { control: false },
    fallback: { control: false },
    errorFallback: { control: false },
  },
} satisfies Meta<typeof CardProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Outside the app `connect()` gets no handshake: `fallback` shows, then `errorFallback` with the CardSdkError. */
export const OutsideTheApp: Story = {
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(/^[A-Z_]+: /);
  },
};

/** Given a connected card (here from the story's own `createMockHost()`), it renders the app at once. */
export const WithAMockHostCard: Story = {
  // The story renders fixed content: no control would change it.
  parameters: { controls: { disable: true } },
  render: () => <OwnPreview />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Hello from Радар тестов' })).toBeVisible();
  },
};

/** A story whose manifest the mock host refuses shows why, naming the path. */
export const InvalidStoryManifest: Story = {
  parameters: { neurosquad: { manifest: { manifestVersion: 1, name: 'Not A Slug', version: '1.0.0', protocol: 1 } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(/mock host: invalid manifest — .*\/name: /);
  },
};
