import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockHostParameters } from '@neurosquad/card-sdk/storybook';
import manifest from '../neurosquad-card.json';
import { App } from './App';
import { notePeer, sampleAgents } from './fixtures';

const meta = {
  title: 'Card/App',
  component: App,
  // Each story is drawn in the app's card frame at the manifest's card.defaultSize (420×320), with the chrome the
  // card sets (title, status, badge, overview, menu) above it. The story's mock host: every createMockHost()
  // option, plus language, visibility, theme, size and setup.
  parameters: {
    neurosquad: mockHostParameters({ manifest, agents: sampleAgents(), peers: [notePeer] }),
  },
} satisfies Meta<typeof App>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three connected agents and a note to send the summary to. */
export const Filled: Story = {};

/** Nothing connected yet. */
export const Empty: Story = {
  parameters: { neurosquad: mockHostParameters({ manifest, agents: [], peers: [] }) },
};

/** The agent list fails: the card names the host's error and offers a retry. */
export const Failed: Story = {
  parameters: {
    neurosquad: mockHostParameters({
      manifest,
      agents: sampleAgents(),
      peers: [notePeer],
      setup: (host) => {
        host.handle('agents.list', () => {
          throw new Error('the agent list is unavailable');
        });
      },
    }),
  },
};

/** The same card in Russian, on the light theme. */
export const RussianLight: Story = {
  parameters: {
    neurosquad: mockHostParameters({
      manifest,
      agents: sampleAgents(),
      peers: [notePeer],
      language: 'ru',
      theme: 'light',
    }),
  },
};
