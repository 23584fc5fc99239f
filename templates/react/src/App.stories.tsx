import type { Meta, StoryObj } from '@storybook/react-vite';
import { CardProvider } from '@neurosquad/card-sdk/react';
import { createMockHost } from '@neurosquad/card-sdk/testing';
import type { Card, CardManifest } from '@neurosquad/card-sdk';
import manifest from '../neurosquad-card.json';
import { App } from './App';
import { notePeer, sampleAgents } from './fixtures';

// Each story connects the card to its own mock host before rendering (Storybook loaders run first).
async function connectCard(empty: boolean): Promise<Card> {
  const host = createMockHost({
    manifest: manifest as CardManifest,
    agents: empty ? [] : sampleAgents(),
    peers: empty ? [] : [notePeer],
  });
  return host.connect();
}

const meta = {
  title: 'Card/App',
  component: App,
  render: (_args, { loaded }) => (
    <CardProvider card={loaded.card as Card}>
      <div className="ns-kit" style={{ width: 420, height: 320 }}>
        <App />
      </div>
    </CardProvider>
  ),
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three connected agents and a note to send the summary to. */
export const Filled: Story = { loaders: [async () => ({ card: await connectCard(false) })] };

/** Nothing connected yet. */
export const Empty: Story = { loaders: [async () => ({ card: await connectCard(true) })] };
