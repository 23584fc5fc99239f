#!/usr/bin/env node
// Checks a card's built Storybook (the React template's): the Host panel is there, and a story with its own
// language and theme shows them in the story, on the toolbar and in the panel alike.
//   node scripts/storybook-card.mjs --dir <card>/storybook-static [--story card-app--russian-light]
//                                   [--language ru] [--theme light] [--out reports/storybook-card.png]
import { parseArgs } from 'node:util';
import { LANGUAGE_TITLES, runStorybookCheck, saveScreenshot, THEME_TITLES } from './storybook-static.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'storybook-static' },
    story: { type: 'string', default: 'card-app--russian-light' },
    language: { type: 'string', default: 'ru' },
    theme: { type: 'string', default: 'light' },
    out: { type: 'string', default: 'reports/storybook-card.png' },
  },
});

const TIMEOUT = 30_000;

await runStorybookCheck({ dir: values.dir, out: values.out }, async (sb, page) => {
  if (!sb.index.entries?.[values.story]) throw new Error(`no story "${values.story}" in the build`);
  await page.goto(`${sb.base}/?path=/story/${values.story}`);
  await page.getByRole('tab', { name: 'Host' }).click({ timeout: TIMEOUT });
  const toolbarLanguage = page.getByRole('button', { name: /^App language \(i18n\.changed\)/ });
  const toolbarTheme = page.getByRole('button', { name: /^App theme \(theme\.changed\)/ });
  const story = page.frameLocator('#storybook-preview-iframe');
  const wanted = {
    toolbar: `${LANGUAGE_TITLES[values.language]} / ${THEME_TITLES[values.theme]}`,
    panel: `language ${values.language} · theme ${values.theme}`,
    frame: values.theme,
  };
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    const seen = {
      toolbar: `${(await toolbarLanguage.getAttribute('aria-label'))?.replace(/^App language \(i18n\.changed\) /, '')} / ${(await toolbarTheme.getAttribute('aria-label'))?.replace(/^App theme \(theme\.changed\) /, '')}`,
      panel: await page
        .getByTestId('host-panel')
        .innerText()
        .catch(() => ''),
      // The card frame carries the theme the story's host runs.
      frame: await story
        .locator('[data-ns-scheme]')
        .first()
        .getAttribute('data-ns-scheme', { timeout: 1000 })
        .catch(() => ''),
    };
    if (seen.toolbar === wanted.toolbar && seen.panel.includes(wanted.panel) && seen.frame === wanted.frame) {
      console.log(`ok: the story, the toolbar and the Host panel show ${values.language} / ${values.theme}`);
      break;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `expected ${JSON.stringify(wanted)}, saw ${JSON.stringify({ ...seen, panel: seen.panel.slice(0, 160) })}`,
      );
    }
    await page.waitForTimeout(200);
  }
  await saveScreenshot(page, values.out);
});
