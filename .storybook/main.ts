// Storybook for the card kit and hooks, every story on the in-memory mock host.
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest', './host-panel/preset.ts'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen' },
  viteFinal: async (config) => {
    const { mergeConfig } = await import('vite');
    return mergeConfig(config, {
      build: {
        chunkSizeWarningLimit: 4096,
        rolldownOptions: {
          onwarn(warning: { code?: string }, next: (warning: { code?: string }) => void) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            next(warning);
          },
        },
      },
    });
  },
};

export default config;
