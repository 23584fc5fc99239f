import { describe, expect, it } from 'vitest';
import { countByStatus, sortAgents, statusTone, summarize } from '../src/model';
import { sampleAgents } from '../src/fixtures';

const text = { heading: 'Squad status', none: 'No agents are connected.', status: (status: string) => status };

describe('model', () => {
  it('lists the agents that need the user first', () => {
    expect(sortAgents(sampleAgents()).map((agent) => agent.id)).toEqual(['agent-2', 'agent-1', 'agent-3', 'agent-4']);
  });

  it('counts agents per status', () => {
    expect(countByStatus(sampleAgents())).toEqual({ working: 1, 'needs-input': 1, finished: 1, idle: 1 });
  });

  it('draws waiting agents in the warning tone', () => {
    expect(statusTone('needs-input')).toBe('warning');
    expect(statusTone('finished')).toBe('success');
  });

  it('summarizes agents as a Markdown list', () => {
    const agents = sampleAgents().slice(0, 2);
    expect(summarize(agents, text)).toBe('## Squad status\n\n- **Codex**: needs-input\n- **Claude Code**: working\n');
    expect(summarize([], text)).toBe('## Squad status\n\nNo agents are connected.\n');
  });
});
