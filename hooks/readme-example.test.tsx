import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CardProvider, useAgents, useStorage, useTool } from './index.js';
import { connectMock } from './mock-card.test-helpers.js';

function App() {
  const { agents } = useAgents();
  const [notes, setNotes] = useStorage('notes', '');
  useTool('read_notes', () => notes);
  return (
    <>
      <p>{`${agents.length} agents`}</p>
      <textarea aria-label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
    </>
  );
}

describe('the README example', () => {
  it('types into stored notes and answers the tool with them', async () => {
    const { host, card } = await connectMock({
      agents: [{ id: 'a', name: 'Claude', harness: 'claude-code', kind: 'ai', status: 'idle', connected: true }],
    });
    render(
      <CardProvider card={card} fallback={<p>Connecting…</p>}>
        <App />
      </CardProvider>,
    );
    expect(await screen.findByText('1 agents')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(box, 'ship it');
    expect(box).toHaveValue('ship it');
    await waitFor(() => expect(host.storage.instance.get('notes')).toBe('ship it'));
    await expect(host.callTool('read_notes', {})).resolves.toEqual({ content: [{ type: 'text', text: 'ship it' }] });
  });
});
