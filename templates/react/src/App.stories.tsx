import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CardManifest } from '@neurosquad/card-sdk';
import { mockHostParameters } from '@neurosquad/card-sdk/storybook';
import manifest from '../neurosquad-card.json';
import { App } from './App';
import { notePeer, sampleAgents } from './fixtures';

const meta = {
  title: 'Card/App',
  component: App,
  render: () => (
    <div className="ns-kit" style={{ width: 420, height: 320 }}>
      <App />
    </div>
  ),
  // The story's mock host: every createMockHost() option, plus language, visibility, theme and setup.
  parameters: {
    neurosquad: mockHostParameters({ manifest: manifest as CardManifest, agents: sampleAgents(), peers: [notePeer] }),
  },
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three connected agents and a note to send the summary to. */
export const Filled: Story = {};

/** Nothing connected yet. */
export const Empty: Story = {
  parameters: { neurosquad: mockHostParameters({ manifest: manifest as CardManifest, agents: [], peers: [] }) },
};

/** The same card in Russian, on the light theme. */
export const RussianLight: Story = {
  parameters: {
    neurosquad: mockHostParameters({
      manifest: manifest as CardManifest,
      agents: sampleAgents(),
      peers: [notePeer],
      language: 'ru',
      theme: 'light',
    }),
  },
};
