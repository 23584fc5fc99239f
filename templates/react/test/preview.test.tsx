// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { MockHost } from '@neurosquad/card-sdk/testing';
import { CardProvider } from '@neurosquad/card-sdk/react';
import { App } from '../src/App';

afterEach(cleanup);

// The preview reads its state from the URL when it loads, so each case loads it afresh.
async function renderPreview(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  vi.resetModules();
  const { previewCard } = await import('../src/preview');
  const card = await previewCard();
  render(
    <CardProvider card={card}>
      <App />
    </CardProvider>,
  );
  const host = (window as unknown as { mockHost: MockHost }).mockHost;
  // Once the card asked for its agents, one more round trip: an answer to that request would be in by then.
  await waitFor(() => expect(host.calls.some((call) => call.method === 'agents.list')).toBe(true));
  await act(() => card.getInfo());
}

describe('the preview states (npm run dev)', () => {
  it.each([
    ['?state=filled&live=0', 'Claude Code'],
    ['?state=empty&live=0', 'No agents connected'],
    ['?state=loading&live=0', 'Loading agents…'],
    ['?state=error&live=0', 'This card cannot see agents (agents.read was not granted).'],
  ])('%s shows the card in that state', async (search, text) => {
    await renderPreview(search);
    expect(await screen.findByText(text)).toBeTruthy();
    if (search.includes('loading')) expect(screen.queryByText('Claude Code')).toBeNull();
  });
});
