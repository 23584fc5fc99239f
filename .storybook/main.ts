// Storybook for the card kit and hooks, every story on the in-memory mock host.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { hookReferencePlugin } from './hook-docs/vite-plugin.js';

/** Autodocs pages need @storybook/addon-docs; without it the stories still build and run. */
function docsAddon(): string[] {
  try {
    createRequire(import.meta.url).resolve('@storybook/addon-docs/package.json');
    return ['@storybook/addon-docs'];
  } catch {
    return [];
  }
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y', ...docsAddon(), '../storybook/host-panel/preset.ts'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The Introduction page is the way in; Storybook's own "Get started" checklist is not about cards.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  typescript: {
    // The TypeScript checker resolves each prop's real type: a union alias shows as its members (tone: accent |
    // success | …) and gets a select control; props React's DOM types add (onClick, aria-*) stay off the table.
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      propFilter: (prop) => !prop.parent || !prop.parent.fileName.includes('node_modules'),
    },
  },
  viteFinal: async (config) => {
    const { mergeConfig } = await import('vite');
    return mergeConfig(config, {
      plugins: [hookReferencePlugin(fileURLToPath(new URL('..', import.meta.url)))],
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
