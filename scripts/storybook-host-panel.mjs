#!/usr/bin/env node
// Serves the static Storybook, opens an interactive story in the manager UI, waits for the story's play
// function to deliver a port value, asserts the Host panel lists that delivery and saves a screenshot.
//   node scripts/storybook-host-panel.mjs [--dir storybook-static] [--out reports/storybook-host-panel.png]
//                                         [--story <story id>] [--expect <text in the delivery>]
import { parseArgs } from 'node:util';
import { runStorybookCheck, saveScreenshot } from './storybook-static.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'storybook-static' },
    out: { type: 'string', default: 'reports/storybook-host-panel.png' },
    story: { type: 'string', default: 'hooks-ports--emits-on-click' },
    expect: { type: 'string', default: '"output":"summary"' },
    // 0: a free port.
    port: { type: 'string', default: '0' },
  },
});

await runStorybookCheck({ dir: values.dir, port: values.port, out: values.out }, async (sb, page) => {
  if (!sb.index.entries?.[values.story]) throw new Error(`no story "${values.story}" in the build`);
  await page.goto(`${sb.base}/?path=/story/${values.story}`);
  await page.getByRole('tab', { name: 'Host' }).click({ timeout: 30_000 });

  const deliveries = page.getByTestId('host-deliveries');
  const item = deliveries.locator('li').filter({ hasText: values.expect });
  await item.first().waitFor({ timeout: 30_000 });
  const text = (await deliveries.innerText()).replace(/\s+/g, ' ');
  if (!text.includes(values.expect)) throw new Error(`the Host panel does not list the delivery: ${text}`);

  const iframe = page.frameLocator('#storybook-preview-iframe');
  await iframe.locator('#storybook-root').waitFor({ timeout: 10_000 });
  console.log(`Host panel lists the delivery: ${text.slice(0, 200)}`);
  await saveScreenshot(page, values.out);
});
