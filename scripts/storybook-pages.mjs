#!/usr/bin/env node
// Checks the built Storybook as a reader meets it, from its index.json, in Chromium at 1200×900:
// - the first entry is the Introduction docs page;
// - every story's rendered root fits its content: none is taller than 600 px unless the story's card is set
//   larger (then the card's height and the frame's chrome);
// - the page below a story has the theme's background (the kit's), not the browser's;
// - every hook exported from ./react has a docs page whose rendered text includes its signature, as the
//   TypeScript compiler prints it from hooks/index.ts.
//   node scripts/storybook-pages.mjs [--dir storybook-static] [--only <id prefix>]
// Exit code 1 names every story and hook that fails, with its height or its missing signature.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';
import { openStorybookStatic } from './storybook-static.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'storybook-static' },
    only: { type: 'string', default: '' },
  },
});

/** The tallest a story's root may be at 1200×900 when its card size does not ask for more. */
const MAX_ROOT_PX = 600;
/** Room the app's frame takes around a card of a given height: its title bar, borders and the canvas padding. */
const FRAME_CHROME_PX = 120;
const VIEWPORT = { width: 1200, height: 900 };
const SETTLED = ['completed', 'finished', 'errored', 'aborted'];

/** `function useX(…): R` for every hook `hooks/index.ts` exports, one string per overload. */
function hookSignatures() {
  const entry = resolve('hooks/index.ts');
  // The project's own compiler settings (tsconfig.json), on the hooks entry alone.
  const { config } = ts.readConfigFile(resolve('tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, process.cwd());
  const program = ts.createProgram([entry], { ...options, types: [] });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry));
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
  const hooks = new Map();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const name = exported.getName();
    if (!/^use[A-Z]/.test(name)) continue;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    const signatures = checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures();
    hooks.set(
      name,
      signatures.map((signature) => `function ${name}${checker.signatureToString(signature, declaration, flags)}`),
    );
  }
  return hooks;
}

// Whitespace and the trailing comma of a signature written one parameter per line do not count.
const squash = (text) => text.replace(/\s+/g, '').replaceAll(',)', ')');

/** Opens a story on its own canvas and waits for it to render and play. */
async function renderStory(page, base, id) {
  await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
  await page.waitForFunction(
    (settled) => settled.includes(globalThis.__STORYBOOK_PREVIEW__?.currentRender?.phase),
    SETTLED,
    { timeout: 60_000 },
  );
  return page.evaluate(() => {
    const root = document.querySelector('#storybook-root');
    const card = document.querySelector('[data-card-size]')?.getAttribute('data-card-size');
    const kit = document.querySelector('.ns-story-kit');
    return {
      pageBackground: getComputedStyle(document.body).backgroundColor,
      kitBackground: kit ? getComputedStyle(kit).backgroundColor : 'no .ns-story-kit',
      phase: globalThis.__STORYBOOK_PREVIEW__.currentRender.phase,
      height: Math.round(root?.getBoundingClientRect().height ?? 0),
      cardHeight: card ? Number(card.split('x')[1]) : 0,
    };
  });
}

/** Opens a docs page and returns its text once it has settled: hook references read, every story connected. */
async function docsText(page, base, id) {
  await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=docs`);
  const content = page.locator('.sbdocs-content').first();
  await content.waitFor({ timeout: 60_000 });
  let last = '';
  let steady = 0;
  for (let attempt = 0; attempt < 200 && steady < 3; attempt++) {
    await page.waitForTimeout(300);
    const text = await content.innerText();
    const busy = text.includes('Reading the hook signatures') || text.includes('Connecting to the mock host');
    steady = !busy && text === last ? steady + 1 : 0;
    last = text;
  }
  return last;
}

const failures = [];
const sb = await openStorybookStatic({ dir: values.dir, viewport: VIEWPORT });
try {
  const entries = Object.values(sb.index.entries);
  const first = entries[0];
  if (first?.type !== 'docs' || first.title !== 'Introduction') {
    failures.push(
      `the first entry is ${first ? `${first.type} "${first.title}" (${first.id})` : 'missing'}, not the Introduction docs page`,
    );
  } else console.log(`first entry: ${first.id}`);

  const page = await sb.context.newPage();
  page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
  const stories = entries.filter((entry) => entry.type === 'story' && entry.id.startsWith(values.only));
  for (const story of stories) {
    const { phase, height, cardHeight, pageBackground, kitBackground } = await renderStory(page, sb.base, story.id);
    const limit = Math.max(MAX_ROOT_PX, cardHeight + FRAME_CHROME_PX);
    const line = `${story.id}: root ${height} px${cardHeight ? ` (card ${cardHeight} px)` : ''}, limit ${limit} px`;
    if (phase === 'errored' || phase === 'aborted') failures.push(`${story.id}: the story ended ${phase}`);
    if (pageBackground !== kitBackground)
      failures.push(`${story.id}: the page below the story is ${pageBackground}, the kit is ${kitBackground}`);
    if (height > limit) failures.push(`${line}: taller than its content allows`);
    else if (height === 0) failures.push(`${story.id}: rendered nothing`);
    else console.log(`ok ${line}`);
  }

  const hooks = hookSignatures();
  const pages = entries.filter((entry) => entry.type === 'docs' && entry.title.startsWith('Hooks/'));
  const texts = [];
  for (const docs of pages) texts.push({ id: docs.id, text: squash(await docsText(page, sb.base, docs.id)) });
  for (const [name, signatures] of hooks) {
    const missing = signatures.filter((signature) => !texts.some((docs) => docs.text.includes(squash(signature))));
    const home = texts.find((docs) => signatures.every((signature) => docs.text.includes(squash(signature))));
    if (missing.length > 0) failures.push(`${name}: no hooks docs page shows ${missing.join(' / ')}`);
    else console.log(`ok ${name}: ${home?.id}`);
  }
  console.log(`${stories.length} stories, ${hooks.size} hooks on ${pages.length} docs pages`);
} finally {
  await sb.close();
}
for (const failure of failures) console.error(`FAIL ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
