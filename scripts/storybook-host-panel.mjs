#!/usr/bin/env node
// Serves the static Storybook, opens an interactive story in the manager UI, waits for the story's play
// function to deliver a port value, asserts the Host panel (the dev page's control panel) lists that delivery,
// runs one of its drivers on the story's host (the language, from the App tab) and saves a screenshot.
//   node scripts/storybook-host-panel.mjs [--dir storybook-static] [--out reports/storybook-host-panel.png]
//                                         [--story <story id>] [--expect <text in the delivery>]
import { parseArgs } from 'node:util';
import { runStorybookCheck, saveScreenshot } from './storybook-static.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'storybook-static' },
    out: { type: 'string', default: 'reports/storybook-host-panel.png' },
    story: { type: 'string', default: 'hooks-ports--emits-on-click' },
    expect: { type: 'string', default: '"output": "summary"' },
    // 0: a free port.
    port: { type: 'string', default: '0' },
  },
});

await runStorybookCheck({ dir: values.dir, port: values.port, out: values.out }, async (sb, page) => {
  if (!sb.index.entries?.[values.story]) throw new Error(`no story "${values.story}" in the build`);
  await page.goto(`${sb.base}/?path=/story/${values.story}`);
  await page.getByRole('tab', { name: 'Host' }).click({ timeout: 30_000 });

  const panel = page.getByTestId('host-panel');
  await panel.getByRole('tab', { name: 'Records' }).click({ timeout: 30_000 });
  await panel.getByRole('combobox', { name: 'Record' }).selectOption('Deliveries');
  const deliveries = panel.getByRole('region', { name: 'Deliveries' });
  const item = deliveries.locator('li').filter({ hasText: values.expect });
  await item.first().waitFor({ timeout: 30_000 });
  const text = (await deliveries.innerText()).replace(/\s+/g, ' ');
  if (!text.includes(values.expect)) throw new Error(`the Host panel does not list the delivery: ${text}`);

  // A driver of the panel runs on the story's host: the status line follows the host's language.
  await panel.getByRole('tab', { name: 'App' }).click();
  await panel.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await panel.getByText(/language ru · theme/).waitFor({ timeout: 30_000 });
  await panel.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await panel.getByText(/language en · theme/).waitFor({ timeout: 30_000 });
  await panel.getByRole('tab', { name: 'Records' }).click();
  await panel.getByRole('combobox', { name: 'Record' }).selectOption('Deliveries');

  const iframe = page.frameLocator('#storybook-preview-iframe');
  await iframe.locator('#storybook-root').waitFor({ timeout: 10_000 });
  console.log(`Host panel lists the delivery: ${text.slice(0, 200)}`);
  await saveScreenshot(page, values.out);
});
