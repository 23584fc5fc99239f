// Every story runs inside CardProvider on its own fresh mock host; the toolbar drives that host live.
import type { Decorator, Preview } from '@storybook/react-vite';
import '../src/ui.css';
import { MockHostFrame } from './MockHostFrame.js';
import { storyHostSettled } from './story-host.js';
import type { NeurosquadGlobals, NeurosquadParameters } from './neurosquad-parameters.js';

const withMockHost: Decorator = (Story, context) => (
  <div className="ns-kit" data-testid="story-kit">
    <MockHostFrame
      storyId={context.id}
      parameters={context.parameters.neurosquad as NeurosquadParameters | undefined}
      globals={context.globals as NeurosquadGlobals}
    >
      <div className="ns-pad">
        <Story />
      </div>
    </MockHostFrame>
  </div>
);

const preview: Preview = {
  decorators: [withMockHost],
  // Play functions start once the story's card is connected and on screen, not at the "Connecting…" frame.
  mount: (context) => async (ui?: unknown) => {
    if (ui != null) (context as { originalStoryFn?: () => unknown }).originalStoryFn = () => ui;
    await context.renderToCanvas();
    await storyHostSettled(context.id);
    return context.canvas;
  },
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
  globalTypes: {
    nsTheme: {
      description: 'App theme (theme.changed)',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: [
          { value: 'dark', title: 'Dark' },
          { value: 'light', title: 'Light' },
        ],
        dynamicTitle: true,
      },
    },
    nsLanguage: {
      description: 'App language (i18n.changed)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English', right: 'en' },
          { value: 'ru', title: 'Русский', right: 'ru' },
          { value: 'zh', title: '中文', right: 'zh' },
        ],
        dynamicTitle: true,
      },
    },
    nsVisibility: {
      description: 'Card visibility (lifecycle.visibility)',
      toolbar: {
        title: 'Visibility',
        icon: 'eye',
        items: [
          { value: 'visible', title: 'Visible' },
          { value: 'overview', title: 'Overview (zoomed out)' },
          { value: 'hidden', title: 'Hidden' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { nsTheme: 'dark', nsLanguage: 'en', nsVisibility: 'visible' },
};

export default preview;
