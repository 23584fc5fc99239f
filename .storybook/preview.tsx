// Every story runs inside CardProvider on its own fresh mock host (the public ./storybook entry); the toolbar
// drives that host live and the Host panel shows its records.
import type { Decorator, Preview } from '@storybook/react-vite';
import '../src/ui.css';
import './preview.css';
import { cardHostPreview, createCardHostDecorator } from '../storybook/index.js';
import { bridgeHostToPanel } from './host-panel/bridge.js';

/** The kit's frame around the host's own output ("Connecting…", a failed setup) and the story. */
const withKitFrame: Decorator = (Story) => (
  <div className="ns-kit ns-story-kit" data-testid="story-kit">
    <Story />
  </div>
);

/** Padding inside the card frame, around the story itself. */
const withPadding: Decorator = (Story) => (
  <div className="ns-pad">
    <Story />
  </div>
);

const preview: Preview = {
  // What a card's own preview spreads in, with the Host panel attached to each story's host.
  ...cardHostPreview,
  // The first decorator wraps the story directly; the last is outermost.
  decorators: [withPadding, createCardHostDecorator({ attach: bridgeHostToPanel }), withKitFrame],
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    options: { storySort: { order: ['Introduction', 'Hooks', 'Kit', '*'] } },
    // Every story is checked with axe; a violation fails the story in the test run.
    a11y: { test: 'error' },
  },
};

export default preview;
