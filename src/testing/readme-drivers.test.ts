// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const types = readFileSync(resolve(root, 'src/testing/types.ts'), 'utf8');

/** The methods of the `MockHost` interface, as declared in src/testing/types.ts. */
function mockHostMethods(): string[] {
  const body = types.slice(types.indexOf('export interface MockHost {'));
  const end = body.indexOf('\n}\n');
  return [...new Set([...body.slice(0, end).matchAll(/^ {2}(\w+)(?:<[^>]*>)?\(/gm)].map((match) => match[1]))];
}

describe("the README's Testing section", () => {
  const start = readme.indexOf('### Testing');
  const section = readme.slice(start, readme.indexOf('\n### ', start + 1));

  it('names every driver of MockHost with its call', () => {
    const methods = mockHostMethods();
    expect(methods).toEqual(expect.arrayContaining(['callTool', 'sendPortMessage', 'handle', 'serveFrame']));
    const missing = methods.filter((name) => !section.includes(`host.${name}(`));
    expect(missing).toEqual([]);
  });

  it('gives sendPortMessage its options object and handle its handler', () => {
    expect(section).toContain('`host.sendPortMessage(input, data, { cardId?, output?, type?, kind? }?)`');
    expect(types).toMatch(/sendPortMessage\(input: string, data: unknown, options\?: MockPortMessageOptions\): void;/);
    expect(types).toMatch(
      /export interface MockPortMessageOptions \{\n {2}cardId\?: string;\n {2}output\?: string;\n {2}type\?: string;\n {2}kind\?: string;\n\}/,
    );
    expect(section).toContain('`host.handle(method, (params, host) => result): this`');
  });
});
