import type { Preview } from '@storybook/react-vite';
import { cardHostPreview } from '@neurosquad/card-sdk/storybook';
import '@neurosquad/card-sdk/ui.css';
import '../src/styles.css';

// Every story runs in CardProvider on its own fresh mock host, set by the story's `parameters.neurosquad`;
// the toolbar switches theme, language and visibility live, as the app does.
const preview: Preview = {
  ...cardHostPreview,
  parameters: { layout: 'centered' },
};

export default preview;
