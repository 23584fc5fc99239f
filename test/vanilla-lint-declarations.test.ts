// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface VendorScript {
  vendorSdk(distFolder: string, vendorFolder: string): string[];
}

const root = process.cwd();
const vendorFolder = mkdtempSync(join(tmpdir(), 'ns-vendor-'));
beforeAll(async () => {
  const script = (await import(join(root, 'templates/vanilla/scripts/vendor-sdk.mjs'))) as VendorScript;
  script.vendorSdk(join(root, 'dist'), vendorFolder);
});
afterAll(() => rmSync(vendorFolder, { recursive: true, force: true }));

/** A declaration file's statements with whitespace collapsed: what it declares, formatting aside. */
const statements = (text: string): string[] =>
  text
    .replace(/\s+/g, ' ')
    .replace(/,\s*\}/g, ' }')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);

describe('the vanilla template lint declarations', () => {
  // templates/lint/vanilla/ lints the template without running its build, so it keeps the declarations that
  // vendor-sdk.mjs writes; they must stay what the script writes from the built package.
  it.each(['client.d.ts', 'index.d.ts', 'testing/index.d.ts'])('%s is what vendor-sdk.mjs writes', (file) => {
    const written = readFileSync(join(vendorFolder, 'card-sdk', file), 'utf8');
    const kept = readFileSync(join(root, 'templates/lint/vanilla/vendor/card-sdk', file), 'utf8');
    expect(statements(kept)).toEqual(statements(written));
  });
});
