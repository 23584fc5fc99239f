import type { Preview } from '@storybook/react-vite';
import '@neurosquad/card-sdk/ui.css';
import '../src/styles.css';

const preview: Preview = {
  parameters: { layout: 'centered' },
};

export default preview;
