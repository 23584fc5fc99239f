import { describe, expect, it } from 'vitest';
import { readHostedCard } from './mcp-cards.js';

const tool = { name: 'run_tests', description: 'Runs the tests.', inputSchema: { type: 'object' } };

describe("a dev page's report of its card", () => {
  it('reads the name, the tools, the enabled flags and whether the frame is loaded', () => {
    const state = { name: 'test-radar', tools: [tool], enabled: { run_tests: false }, loaded: true };
    expect(readHostedCard(state)).toEqual(state);
  });

  it('refuses anything else', () => {
    const good = { name: 'test-radar', tools: [tool], enabled: {}, loaded: true };
    for (const bad of [
      null,
      [],
      { ...good, name: 3 },
      { ...good, loaded: 'yes' },
      { ...good, tools: {} },
      { ...good, enabled: [] },
      { ...good, enabled: { run_tests: 'no' } },
      { ...good, tools: [{ ...tool, inputSchema: { type: 'array' } }] },
      { ...good, tools: [{ ...tool, description: undefined }] },
      { ...good, tools: [null] },
    ]) {
      expect(readHostedCard(bad)).toBeNull();
    }
  });
});
