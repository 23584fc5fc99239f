#!/usr/bin/env node
// Screenshots of the built Storybook for the docs: the Introduction, a hook page, a kit page and the Host panel,
// each in the light and the dark scheme (the reader's system scheme and the toolbar's app theme together).
//   node scripts/storybook-screenshots.mjs [--dir storybook-static] [--out docs]
import { parseArgs } from 'node:util';
import { openStorybookStatic, saveScreenshot } from './storybook-static.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'storybook-static' },
    out: { type: 'string', default: 'docs' },
  },
});

/** What is shot: a manager path, and what to wait for once it is open. */
const SHOTS = [
  {
    name: 'introduction',
    path: '/docs/introduction--docs',
    ready: (frame) => frame.getByRole('heading', { level: 1 }),
  },
  {
    name: 'hook-page',
    path: '/docs/hooks-usestorage--docs',
    ready: (frame) => frame.locator('[data-hook="useStorage"]'),
  },
  { name: 'kit-page', path: '/docs/kit-button--docs', ready: (frame) => frame.locator('.sbdocs-content') },
  {
    name: 'host-panel',
    path: '/story/hooks-ports--emits-on-click',
    ready: async (_frame, page) => {
      const panel = page.getByTestId('host-panel');
      await panel.getByRole('tab', { name: 'Records' }).click({ timeout: 60_000 });
      await panel.getByRole('combobox', { name: 'Record' }).selectOption('Deliveries');
      return panel.getByRole('region', { name: 'Deliveries' }).locator('li');
    },
    panel: 'Host',
  },
];

for (const scheme of ['light', 'dark']) {
  const sb = await openStorybookStatic({
    dir: values.dir,
    colorScheme: scheme,
    viewport: { width: 1400, height: 900 },
  });
  try {
    const page = sb.context.pages()[0] ?? (await sb.context.newPage());
    for (const shot of SHOTS) {
      await page.goto(`${sb.base}/?path=${shot.path}&globals=nsTheme:${scheme}`);
      const frame = page.frameLocator('#storybook-preview-iframe');
      if (shot.panel) await page.getByRole('tab', { name: shot.panel }).click({ timeout: 60_000 });
      await (await shot.ready(frame, page)).first().waitFor({ timeout: 60_000 });
      // Fonts, the hook reference and the stories' mock hosts settle.
      await page.waitForTimeout(2500);
      await saveScreenshot(page, `${values.out}/storybook-${shot.name}-${scheme}.png`);
    }
  } finally {
    await sb.close();
  }
}
