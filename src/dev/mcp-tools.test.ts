import { describe, expect, it } from 'vitest';
import type { ManifestTool } from '../contract/types.js';
import { errorResult, findMcpTool, listMcpTools, mcpToolEntry, toMcpResult, type HostedCard } from './mcp-tools.js';

const schema = { type: 'object' as const, properties: { filter: { type: 'string' as const } } };
const runTests: ManifestTool = {
  name: 'run_tests',
  title: 'Run tests',
  description: 'Runs the tests.',
  inputSchema: schema,
  readOnly: true,
};
const deploy: ManifestTool = { name: 'deploy', description: 'Deploys.', inputSchema: { type: 'object' } };
const card = (patch: Partial<HostedCard> = {}): HostedCard => ({
  name: 'test-radar',
  tools: [runTests, deploy],
  enabled: {},
  loaded: true,
  ...patch,
});
const PAGE = 'http://127.0.0.1:5180/';

describe('the card tools as MCP lists them', () => {
  it('names a tool <card_name>_<tool> with its title, description, schema and read-only hint', () => {
    expect(mcpToolEntry('test-radar', runTests)).toEqual({
      name: 'test_radar_run_tests',
      title: 'Run tests',
      description: 'Runs the tests.',
      inputSchema: schema,
      annotations: { title: 'Run tests', readOnlyHint: true },
    });
    expect(mcpToolEntry('test-radar', deploy)).toEqual({
      name: 'test_radar_deploy',
      description: 'Deploys.',
      inputSchema: { type: 'object' },
    });
    expect(mcpToolEntry('a', { ...deploy, readOnly: false }).annotations).toEqual({ readOnlyHint: false });
  });

  it('lists the tools of loaded cards the card did not disable, the newest page winning a shared name', () => {
    expect(listMcpTools([card()]).map((tool) => tool.name)).toEqual(['test_radar_run_tests', 'test_radar_deploy']);
    expect(listMcpTools([card({ enabled: { deploy: false, run_tests: true } })]).map((tool) => tool.name)).toEqual([
      'test_radar_run_tests',
    ]);
    expect(listMcpTools([card({ loaded: false })])).toEqual([]);
    // Two pages host the same card: the first (newest) one's state counts.
    expect(listMcpTools([card({ loaded: false }), card()])).toEqual([]);
    const other = card({ name: 'other-card', tools: [deploy] });
    expect(listMcpTools([card(), other]).map((tool) => tool.name)).toEqual([
      'test_radar_run_tests',
      'test_radar_deploy',
      'other_card_deploy',
    ]);
  });
});

describe('finding the tool an agent calls', () => {
  const declared = ['test_radar_run_tests', 'test_radar_deploy'];

  it('finds a callable tool on its card', () => {
    const hosted = card();
    expect(findMcpTool([hosted], 'test_radar_deploy', declared, PAGE)).toEqual({
      ok: true,
      card: hosted,
      tool: deploy,
    });
  });

  it('says why a tool cannot be called: no page, frame reloading, disabled, unknown', () => {
    expect(findMcpTool([], 'test_radar_deploy', declared, PAGE)).toEqual({
      ok: false,
      message: `the card of test_radar_deploy is not loaded: no dev page hosts it; open ${PAGE} and call again`,
    });
    expect(findMcpTool([card({ loaded: false })], 'test_radar_deploy', declared, PAGE)).toEqual({
      ok: false,
      message: `the card test-radar is not loaded (its frame is loading or reloading); call test_radar_deploy again once it shows on ${PAGE}`,
    });
    expect(findMcpTool([card({ enabled: { deploy: false } })], 'test_radar_deploy', declared, PAGE)).toEqual({
      ok: false,
      message:
        "the card test-radar disabled test_radar_deploy (tools.setEnabled('deploy', false)); it is callable again once the card enables it",
    });
    expect(findMcpTool([card()], 'test_radar_nope', declared, PAGE)).toEqual({
      ok: false,
      message: "no tool test_radar_nope (the card's tools: test_radar_deploy, test_radar_run_tests)",
    });
    expect(findMcpTool([], 'x', [], PAGE)).toEqual({ ok: false, message: "no tool x (the card's tools: none)" });
  });
});

describe('a tool result as MCP returns it', () => {
  it('keeps text and image items and the error flag', () => {
    const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    expect(toMcpResult({ content: [{ type: 'text', text: 'ok' }, image] })).toEqual({
      content: [{ type: 'text', text: 'ok' }, image],
    });
    expect(toMcpResult({ content: [{ type: 'text', text: 'bad' }], isError: true })).toEqual({
      content: [{ type: 'text', text: 'bad' }],
      isError: true,
    });
  });

  it('turns anything that is not a tool result into a failed call saying so', () => {
    expect(toMcpResult(null)).toEqual(errorResult('the card answered no tool result'));
    expect(toMcpResult({ content: [] })).toEqual(errorResult('the card answered no tool result'));
    expect(toMcpResult({ content: [{ type: 'audio', data: 'x' }] })).toEqual(
      errorResult('the card answered a tool result item that is neither text nor an image'),
    );
    expect(errorResult('boom')).toEqual({ content: [{ type: 'text', text: 'boom' }], isError: true });
  });
});
