// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Card } from '@neurosquad/card-sdk';
import { CardProvider } from '@neurosquad/card-sdk/react';
import type { MockHost } from '@neurosquad/card-sdk/testing';
import { App } from '../src/App';
import { previewCard, simulate } from '../src/preview';

const running: Card[] = [];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  for (const card of running.splice(0)) card.close();
});

/** Loads the preview for a URL's query, as main.tsx does when the page is opened on its own. */
async function renderPreview(search: string) {
  const card = await previewCard(search);
  running.push(card);
  render(
    <CardProvider card={card}>
      <App />
    </CardProvider>,
  );
  return { card, host: (window as unknown as { mockHost: MockHost }).mockHost };
}

describe('the preview states (npm run preview)', () => {
  it.each([
    ['?state=filled&live=0', 'Claude Code'],
    ['?state=empty&live=0', 'No agents connected'],
    ['?state=error&live=0', 'the agent list is unavailable (?state=error)'],
    ['?state=denied&live=0', 'This card may not read the agents.'],
  ])('%s shows the card in that state', async (search, text) => {
    await renderPreview(search);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('?state=loading shows the loading state and no agents', async () => {
    await renderPreview('?state=loading');
    expect(await screen.findByRole('status', { name: 'Loading agents…' })).toBeTruthy();
    expect(screen.queryByText('Claude Code')).toBeNull();
  });

  it('?lang=ru speaks Russian', async () => {
    await renderPreview('?lang=ru&live=0');
    expect(await screen.findByRole('main', { name: 'Команда' })).toBeTruthy();
  });

  it.each([
    ['', 'dark'],
    ['?theme=dark', 'dark'],
    ['?theme=light', 'light'],
  ])('%s draws the card on the %s theme', async (search, scheme) => {
    const { card } = await renderPreview(search);
    expect(card.context.theme.scheme).toBe(scheme);
    expect(document.documentElement.dataset.nsScheme).toBe(scheme);
  });

  it('plays the simulation every 4 s, and stopping it clears its timer', async () => {
    const { host } = await renderPreview('');
    await screen.findByText('Claude Code');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const statusOf = (id: string) => host.agents.find((agent) => agent.id === id)?.status;
    const stop = simulate('');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3999);
    expect(statusOf('agent-1')).toBe('working');
    vi.advanceTimersByTime(1);
    expect(statusOf('agent-1')).toBe('needs-input');
    expect(await screen.findByText('2 need you')).toBeTruthy();
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('?live=0 starts no timer', async () => {
    await renderPreview('?live=0');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    simulate('?live=0');
    expect(vi.getTimerCount()).toBe(0);
  });
});
