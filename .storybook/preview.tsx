// Every story runs inside CardProvider on its own fresh mock host (the public ./storybook entry); the toolbar
// drives that host live and the Host panel shows its records.
import type { Decorator, Preview } from '@storybook/react-vite';
import '../src/ui.css';
import './preview.css';
import { cardHostPreview, createCardHostDecorator } from '../storybook/index.js';
import { Controls, Description, Primary, Stories, Subtitle, Title } from '@storybook/addon-docs/blocks';
import { bridgeHostToPanel } from '../storybook/host-panel/bridge.js';
import { showGlobals } from '../storybook/host-panel/show-globals.js';
import { HookReference } from './hook-docs/HookReference.js';
import { ToolbarDocsContainer } from './docs-container.js';

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

/** Every docs page; a hooks page adds each hook's signature, parameters and return value, read from its TSDoc. */
function DocsPage() {
  return (
    <>
      <Title />
      <Subtitle />
      <Description />
      <HookReference />
      <Primary />
      <Controls />
      <Stories />
    </>
  );
}

const preview: Preview = {
  // What a card's own preview spreads in, with the Host panel attached to each story's host.
  ...cardHostPreview,
  // The first decorator wraps the story directly; the last is outermost.
  decorators: [
    withPadding,
    createCardHostDecorator({
      attach: bridgeHostToPanel,
      // A story's own language, theme or visibility, and a driver's change, show in the toolbar.
      showGlobals,
      // Hooks and whole cards are drawn in the app's card frame; kit components at their own size.
      frame: (context) => !context.title?.startsWith('Kit/'),
    }),
    withKitFrame,
  ],
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    // Docs pages in the toolbar's app theme, as the story blocks on them are.
    docs: { page: DocsPage, container: ToolbarDocsContainer },
    options: { storySort: { order: ['Introduction', 'Hooks', 'Kit', '*'] } },
    // Every story is checked with axe; a violation fails the story in the test run.
    a11y: { test: 'error' },
  },
};

export default preview;
