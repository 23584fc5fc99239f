// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { files: string[] };
const llms = readFileSync(resolve(root, 'llms.txt'), 'utf8');

/** The source a shipped path comes from: a declaration in dist/types/ is built from the .ts/.tsx beside it. */
function source(path: string): string[] {
  const declaration = /^dist\/types\/(.+)\.d\.ts$/.exec(path);
  return declaration ? [`${declaration[1]}.ts`, `${declaration[1]}.tsx`] : [path];
}

describe('llms.txt', () => {
  it('is shipped, with the Markdown docs it names', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['llms.txt', 'README.md', 'CHANGELOG.md', 'hooks/README.md']));
  });

  it('follows the llms.txt shape: a title, a summary quote, sections of links', () => {
    expect(llms).toMatch(/^# @neurosquad\/card-sdk\n\n> /);
    expect(llms).toMatch(/\n## Docs\n/);
  });

  it('links only to files the package holds', () => {
    const links = [...llms.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(10);
    const missing = links.filter((link) => !source(link).some((path) => existsSync(resolve(root, path))));
    expect(missing).toEqual([]);
    const shipped = (link: string) =>
      pkg.files.some(
        (entry) => link === entry || link.startsWith(`${entry}/`) || (entry === 'dist' && link.startsWith('dist/')),
      );
    expect(links.filter((link) => !shipped(link))).toEqual([]);
  });
});
