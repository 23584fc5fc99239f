import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOL_NAMES, RESERVED_PACKAGE_NAMES, toolFullName } from './reserved-names.js';

describe('reserved names', () => {
  it('lists the 25 base names and the 7 added in SDK 1.1', () => {
    expect(RESERVED_PACKAGE_NAMES).toHaveLength(32);
    expect(new Set(RESERVED_PACKAGE_NAMES).size).toBe(32);
    for (const name of ['neurosquad', 'official', 'web-watch', 'rtk', 'context7', 'memory'])
      expect(RESERVED_PACKAGE_NAMES).toContain(name);
  });

  it('lists the 39 base tools, 34 from SDK 1.1 and agent_switch_harness from 1.3', () => {
    expect(BUILTIN_TOOL_NAMES).toHaveLength(74);
    expect(new Set(BUILTIN_TOOL_NAMES).size).toBe(74);
    for (const name of [
      'agent_read',
      'watch_status',
      'codegraph_trace_path',
      'neurosquad_models',
      'agent_switch_harness',
    ]) {
      expect(BUILTIN_TOOL_NAMES).toContain(name);
    }
  });
});

describe('toolFullName', () => {
  const rows: [string, string, string, string][] = [
    ['dashes become underscores', 'launch-control', 'set_check', 'launch_control_set_check'],
    ['plain names', 'radar', 'run', 'radar_run'],
    ['cut to 64 characters', 'a'.repeat(48), 'b'.repeat(40), `${'a'.repeat(48)}_${'b'.repeat(15)}`],
  ];
  it.each(rows)('%s', (_rule, pkg, tool, full) => {
    expect(toolFullName(pkg, tool)).toBe(full);
  });
});
