// @vitest-environment node
// `card.net.fetch` through `neurosquad-card dev`, end to end in real Chromium: a card in the sandboxed frame
// reaches a local HTTP server and an HTTPS API host (api.example.test, resolved to 127.0.0.1 with a test
// certificate) through the dev server's proxy, with a secret typed into the page's Settings tab.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevFixtures, HEADLESS_CHROMIUM, startDev, type DevFixtures } from './dev-e2e.test-helper.js';
import { networkCardFields, startTestApi, TEST_CA, testLookup, type TestApi } from './net-test-server.test-helper.js';

let fixtures: DevFixtures;
let browser: Browser;
let api: TestApi;

beforeAll(async () => {
  [fixtures, browser, api] = await Promise.all([
    buildDevFixtures(['vanilla']),
    chromium.launch(HEADLESS_CHROMIUM),
    startTestApi(),
  ]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await api?.close();
  if (fixtures && !process.env.KEEP_DEV_E2E) rmSync(fixtures.work, { recursive: true, force: true });
});

const SECRET = 'e2e-token-51c0ffee';

/** A card that fetches on a button press: JSON with the secret, a stream, a 304, a redirect off its hosts. */
function networkCardScript(local: string, apiOrigin: string): string {
  return `import { connect } from '../vendor/card-sdk/client.js';
const root = document.getElementById('root');
const say = (text) => { const line = document.createElement('p'); line.textContent = text; root.append(line); };
const card = await connect();
const button = document.createElement('button');
button.textContent = 'Fetch';
root.append(button);
say('secret set: ' + card.settings.hasSecret('token'));
card.settings.onChange(() => say('secret set: ' + card.settings.hasSecret('token')));
button.addEventListener('click', async () => {
  try {
    const repo = await card.net.fetch('${apiOrigin}/repo', {
      headers: { authorization: 'Bearer {{secret:token}}' },
      responseType: 'json',
    });
    const body = await repo.json();
    say('repo ' + repo.status + ' stars ' + body.stars + ' etag ' + repo.headers.get('etag'));
    const runs = await card.net.fetch('${local}/runs', { responseType: 'stream' });
    for await (const line of runs.lines()) if (line) say('run line ' + line);
    const cookie = await card.net.fetch('${local}/cookie');
    say('cookie header ' + cookie.headers.has('set-cookie') + ' kept ' + cookie.headers.get('x-kept'));
    const cached = await card.net.fetch('${local}/cached', { headers: { 'if-none-match': '"v1"' }, responseType: 'json' });
    say('cached ' + cached.status + ' json ' + JSON.stringify(await cached.json()));
    await card.net.fetch('${local}/away').catch((error) => say('away refused ' + error.code));
    say('done');
  } catch (error) {
    say('failed ' + (error instanceof Error ? error.message : String(error)));
  }
});
`;
}

describe('card.net.fetch in neurosquad-card dev', () => {
  it("reaches the local server and the granted host through the dev server's proxy, secret filled only there", async () => {
    const folder = fixtures.cards.vanilla;
    const manifestPath = join(folder, 'neurosquad-card.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, ...networkCardFields(api.apiPattern) }, null, 2));
    writeFileSync(join(folder, 'src', 'main.js'), networkCardScript(api.local, api.api));

    const dev = await startDev(folder, fixtures.pageDir, ['--no-build'], {
      network: { lookup: testLookup, ca: TEST_CA },
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await page.goto(dev.hostUrl);
      const frame = page.frameLocator('iframe[title="Card frame"]');
      await frame.getByText('secret set: false').waitFor({ timeout: 30_000 });

      // The secret is typed into the page's own field; the card learns only that it is set.
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('textbox', { name: 'Secret Token' }).fill(SECRET);
      await page.getByRole('button', { name: 'Set secret Token' }).click();
      await frame.getByText('secret set: true').waitFor();
      expect(await page.getByRole('textbox', { name: 'Secret Token' }).inputValue()).toBe('');
      expect(await page.content()).not.toContain(SECRET);

      await frame.getByRole('button', { name: 'Fetch' }).click();
      await frame.getByText('done').waitFor({ timeout: 20_000 });
      const shown = (await frame.locator('#root').innerText()).replace(/\n+/g, '\n');
      expect(shown).toContain('repo 200 stars 42 etag "v1"');
      expect(shown).toContain('run line {"run":1}\nrun line {"run":2}\nrun line {"run":3}');
      expect(shown).toContain('cookie header false kept yes');
      expect(shown).toContain('cached 304 json null');
      expect(shown).toContain('away refused HOST_NOT_ALLOWED');
      expect(api.seen.find((seen) => seen.path === '/repo')?.headers.authorization).toBe(`Bearer ${SECRET}`);

      // Every request is on record in the panel; the refused one also in the terminal; the secret nowhere.
      await page.getByRole('tab', { name: 'Records' }).click();
      await page.getByRole('combobox', { name: 'Record' }).selectOption('Network');
      const records = await page.getByRole('region', { name: 'Network' }).innerText();
      expect(records).toContain(`GET ${api.api}/repo → 200 · 30 B`);
      expect(records).toContain(
        `GET ${api.local}/away → HOST_NOT_ALLOWED: a redirect to https://evil.example.test/steal`,
      );
      await dev.waitForOutput(/net ✖ GET http:\/\/127\.0\.0\.1:\d+\/away → HOST_NOT_ALLOWED/);
      expect(dev.output()).not.toContain(SECRET);
      const everything = [await page.content(), ...(await Promise.all(page.frames().map((f) => f.content())))];
      expect(everything.join('\n')).not.toContain(SECRET);
    } finally {
      await page.close();
      dev.press('q');
      await dev.exited;
    }
  }, 240_000);
});
