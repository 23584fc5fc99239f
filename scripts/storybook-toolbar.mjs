#!/usr/bin/env node
// Checks in the built Storybook's manager that the toolbar shows what the story runs: a story's own parameters
// set it, a switch from inside the story (a mock host driver) shows on it, a pick on it reaches the story, and
// the story, the toolbar and the Host panel always name the same language and theme.
//   node scripts/storybook-toolbar.mjs [--dir storybook-static] [--out reports/storybook-toolbar.png]
import { parseArgs } from 'node:util';
import { LANGUAGE_TITLES, runStorybookCheck, saveScreenshot, THEME_TITLES } from './storybook-static.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'storybook-static' },
    out: { type: 'string', default: 'reports/storybook-toolbar.png' },
  },
});

const TIMEOUT = 30_000;

await runStorybookCheck({ dir: values.dir, out: values.out }, async (sb, page) => {
  const story = page.frameLocator('#storybook-preview-iframe');
  const toolbarLanguage = page.getByRole('button', { name: /^App language \(i18n\.changed\)/ });
  const toolbarTheme = page.getByRole('button', { name: /^App theme \(theme\.changed\)/ });
  const toolbarVisibility = page.getByRole('button', { name: /^Card visibility/ });

  /** Waits until the story, the toolbar and the Host panel all show `language` and `theme`. */
  const expectShown = async (language, theme, when) => {
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      const seen = {
        story: `${await story.getByTestId('language').innerText()} ${await story.getByTestId('scheme').innerText()}`,
        toolbar: `${await toolbarLanguage.getAttribute('aria-label')} / ${await toolbarTheme.getAttribute('aria-label')}`,
        panel: await page
          .getByTestId('host-panel')
          .innerText()
          .catch(() => ''),
      };
      const ok =
        seen.story === `${language} ${theme}` &&
        seen.toolbar.endsWith(` ${LANGUAGE_TITLES[language]} / App theme (theme.changed) ${THEME_TITLES[theme]}`) &&
        seen.panel.includes(`language ${language} · theme ${theme}`);
      if (ok) return console.log(`ok ${when}: story, toolbar and Host panel show ${language} / ${theme}`);
      if (Date.now() > deadline) {
        throw new Error(
          `${when}: expected ${language} / ${theme} everywhere, saw ${JSON.stringify({ ...seen, panel: seen.panel.slice(0, 160) })}`,
        );
      }
      await page.waitForTimeout(200);
    }
  };
  /** Picks a value from a toolbar menu. */
  const pick = async (button, title) => {
    await button.click();
    await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
  };

  // A story's own parameters: Russian, light and hidden.
  await page.goto(`${sb.base}/?path=/story/hooks-context--starts-hidden-in-russian`);
  await page.getByRole('tab', { name: 'Host' }).click({ timeout: TIMEOUT });
  await expectShown('ru', 'light', "the story's parameters");
  const hidden = await toolbarVisibility.getAttribute('aria-label');
  if (!hidden?.endsWith(' Hidden')) throw new Error(`the toolbar's visibility is "${hidden}", not the story's Hidden`);

  // Leaving it from the sidebar gives the toolbar back what was picked on it (the defaults: visible).
  await page.locator('#hooks-context--switched-from-the-story').click();
  // That story's play function switches to Russian, then light, then dark from inside the story.
  await expectShown('ru', 'dark', "the next story's play function");
  const visible = await toolbarVisibility.getAttribute('aria-label');
  if (!visible?.endsWith(' Visible'))
    throw new Error(`after leaving the story the toolbar's visibility is "${visible}"`);
  // From the story: a button that calls the mock host's driver.
  await story.getByRole('button', { name: 'App theme: light' }).click();
  await expectShown('ru', 'light', 'a switch from inside the story');
  // From the toolbar.
  await pick(toolbarLanguage, LANGUAGE_TITLES.zh);
  await expectShown('zh', 'light', 'a language picked on the toolbar');
  await pick(toolbarTheme, THEME_TITLES.dark);
  await expectShown('zh', 'dark', 'a theme picked on the toolbar');
  await story.getByRole('button', { name: 'App language: Русский' }).click();
  await expectShown('ru', 'dark', 'a language switched from the story after a pick');

  await saveScreenshot(page, values.out);
});
