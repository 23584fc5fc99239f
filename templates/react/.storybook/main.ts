import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  // The Host panel: the story's mock host records (calls, emits, storage) and drivers (agent status, messages).
  addons: ['@neurosquad/card-sdk/storybook/preset'],
  framework: { name: '@storybook/react-vite', options: {} },
  // No usage data sent, and no Storybook "Get started" checklist: the card's stories are the way in.
  core: { disableTelemetry: true },
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
};

export default config;
