import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { UPDATE_GLOBALS } from 'storybook/internal/core-events';
import { addons, mockChannel } from 'storybook/preview-api';
import { describe, expect, it, vi } from 'vitest';
import { useAgents, useLanguage, useStorage, useTheme, useVisibility } from '../hooks/index.js';
import { sampleAgents, TEST_RADAR_MANIFEST } from '../src/testing/fixtures.js';
import { cardHostGlobalTypes, cardHostInitialGlobals } from './globals.js';
import { HOST_SNAPSHOT_EVENT } from './host-panel/protocol.js';
import { mountWhenCardReady } from './withCardHost.js';
import {
  cardHostPreview,
  createCardHostDecorator,
  storyHost,
  useStoryHost,
  withCardHost,
  type CardHostSession,
  type CardHostStoryContext,
  type NeurosquadGlobals,
  type NeurosquadParameters,
} from './index.js';

/** A story that shows what the card sees. */
function CardView() {
  const language = useLanguage();
  const visibility = useVisibility();
  const theme = useTheme();
  const { agents } = useAgents();
  const [note] = useStorage('note', '');
  const { frame } = useStoryHost();
  return (
    <ul>
      <li data-testid="language">{language}</li>
      <li data-testid="visibility">{visibility}</li>
      <li data-testid="scheme">{theme.scheme}</li>
      <li data-testid="agents">{agents.map((agent) => agent.name).join(', ')}</li>
      <li data-testid="note">{note}</li>
      <li data-testid="frame">{frame}</li>
    </ul>
  );
}

function contextOf(
  id: string,
  neurosquad?: NeurosquadParameters,
  globals: NeurosquadGlobals = cardHostInitialGlobals,
): CardHostStoryContext {
  return { id, parameters: neurosquad ? { neurosquad } : {}, globals: { ...globals } };
}

const radar: NeurosquadParameters = { manifest: TEST_RADAR_MANIFEST, agents: sampleAgents() };

describe('withCardHost', () => {
  it('runs each story on its own fresh mock host, and a remount gets another one', async () => {
    const first = render(withCardHost(CardView, contextOf('card--a', radar)));
    const { host: hostA } = await storyHost({ id: 'card--a' });
    // The list is read after the card connects: the element is there (empty) before its agents are.
    await waitFor(() => expect(screen.getByTestId('agents')).toHaveTextContent('Claude Code, bash, Codex'));
    hostA.setAgentStatus('agent-1', 'working');
    first.unmount();

    render(withCardHost(CardView, contextOf('card--b', radar)));
    const { host: hostB } = await storyHost({ id: 'card--b' });
    expect(hostB).not.toBe(hostA);
    // The story's agents are copied per mount: the first host's change never leaks into the next.
    expect(hostB.agents.find((agent) => agent.id === 'agent-1')?.status).toBe('idle');
    expect(radar.agents?.[0]?.status).toBe('idle');
  });

  it('applies parameters.neurosquad: manifest, agents, language, visibility, theme and setup', async () => {
    const parameters: NeurosquadParameters = {
      ...radar,
      language: 'ru',
      visibility: 'hidden',
      theme: 'light',
      setup: (host) => void host.storage.instance.set('note', 'seeded by the story'),
    };
    render(withCardHost(CardView, contextOf('card--configured', parameters)));
    const { host } = await storyHost({ id: 'card--configured' });
    expect(host.manifest.name).toBe('test-radar');
    expect(screen.getByTestId('language')).toHaveTextContent('ru');
    expect(screen.getByTestId('visibility')).toHaveTextContent('hidden');
    expect(screen.getByTestId('scheme')).toHaveTextContent('light');
    await waitFor(() => expect(screen.getByTestId('note')).toHaveTextContent('seeded by the story'));
    expect(host.hostContext.i18n).toEqual({ language: 'ru', locale: 'ru-RU' });
  });

  it('starts from the toolbar where the parameters leave it open, then the toolbar drives the host live', async () => {
    const globals: NeurosquadGlobals = { nsTheme: 'light', nsLanguage: 'zh', nsVisibility: 'overview' };
    const view = render(withCardHost(CardView, contextOf('card--toolbar', radar, globals)));
    const { host } = await storyHost({ id: 'card--toolbar' });
    expect(screen.getByTestId('language')).toHaveTextContent('zh');
    expect(screen.getByTestId('visibility')).toHaveTextContent('overview');
    expect(screen.getByTestId('scheme')).toHaveTextContent('light');
    const setTheme = vi.spyOn(host, 'setTheme');
    const setLanguage = vi.spyOn(host, 'setLanguage');
    const setVisibility = vi.spyOn(host, 'setVisibility');

    view.rerender(
      withCardHost(
        CardView,
        contextOf('card--toolbar', radar, { nsTheme: 'dark', nsLanguage: 'ru', nsVisibility: 'hidden' }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('language')).toHaveTextContent('ru'));
    await waitFor(() => expect(screen.getByTestId('visibility')).toHaveTextContent('hidden'));
    await waitFor(() => expect(screen.getByTestId('scheme')).toHaveTextContent('dark'));
    expect(setLanguage).toHaveBeenCalledExactlyOnceWith('ru');
    expect(setVisibility).toHaveBeenCalledExactlyOnceWith('hidden');
    expect(setTheme).toHaveBeenCalledTimes(1);
    expect(setTheme.mock.calls[0]?.[0].scheme).toBe('dark');
    // The same host: the toolbar sends app events, it does not restart the story.
    expect((await storyHost({ id: 'card--toolbar' })).host).toBe(host);
  });

  it('reloads the card in a new frame on the same host, so storage survives', async () => {
    render(withCardHost(CardView, contextOf('card--reload', radar)));
    const first = await storyHost({ id: 'card--reload' });
    first.host.storage.instance.set('note', 'kept');
    await act(() => first.reload());
    await waitFor(() => expect(screen.getByTestId('frame')).toHaveTextContent('2'));
    const second = await storyHost({ id: 'card--reload' });
    expect(second.host).toBe(first.host);
    expect(second.card).not.toBe(first.card);
    await waitFor(() => expect(screen.getByTestId('note')).toHaveTextContent('kept'));
  });

  it('shows a failed setup as the story error and rejects storyHost() instead of waiting forever', async () => {
    const failing: NeurosquadParameters = {
      setup: () => {
        throw new Error('no fixtures');
      },
    };
    render(withCardHost(CardView, contextOf('card--broken', failing)));
    expect(await screen.findByRole('alert')).toHaveTextContent('no fixtures');
    await expect(storyHost({ id: 'card--broken' })).rejects.toThrow('no fixtures');
  });

  it('reports a bad manifest as the story error', async () => {
    const bad = { manifest: { ...TEST_RADAR_MANIFEST, name: 'Not A Name' } } as NeurosquadParameters;
    render(withCardHost(CardView, contextOf('card--bad-manifest', bad)));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    await expect(storyHost({ id: 'card--bad-manifest' })).rejects.toThrow();
  });
});

describe('createCardHostDecorator', () => {
  it('attaches to each host with its live status and a reload, and detaches on unmount', async () => {
    const sessions: CardHostSession[] = [];
    const detach = vi.fn();
    const decorator = createCardHostDecorator({
      attach: (session) => {
        sessions.push(session);
        return detach;
      },
    });
    const parameters: NeurosquadParameters = { ...radar, confirm: () => false };
    const view = render(decorator(CardView, contextOf('card--attached', parameters)));
    const { host, card } = await storyHost({ id: 'card--attached' });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.host).toBe(host);
    expect(sessions[0]?.status()).toMatchObject({ storyId: 'card--attached', frame: 1, connected: true, error: null });
    await expect(card.ui.confirm({ title: 'Delete', message: 'Delete?' })).resolves.toBe(false);
    expect(sessions[0]?.status().confirms).toEqual([expect.objectContaining({ message: 'Delete?' })]);
    const changes = vi.fn();
    const unsubscribe = sessions[0].subscribe(changes);
    host.setLanguage('zh');
    await waitFor(() => expect(changes).toHaveBeenCalled());
    changes.mockClear();
    await act(() => sessions[0].reload());
    await waitFor(() => expect(sessions[0]?.status().frame).toBe(2));
    // The reload's new frame is told too: the status changed even after the host's last record.
    expect(changes).toHaveBeenCalled();
    unsubscribe();
    view.unmount();
    expect(detach).toHaveBeenCalledTimes(1);
  });
});

describe('the toolbar follows the story', () => {
  /** A story rendered as Storybook does, with a toolbar that takes what the decorator shows on it. */
  function renderWithToolbar(id: string, parameters: NeurosquadParameters, start = cardHostInitialGlobals) {
    let toolbar: NeurosquadGlobals = { ...start };
    const shown: NeurosquadGlobals[] = [];
    const decorator = createCardHostDecorator({
      showGlobals: (globals) => {
        shown.push(globals);
        toolbar = { ...toolbar, ...globals };
      },
    });
    const view = render(decorator(CardView, contextOf(id, parameters, toolbar)));
    return {
      shown,
      toolbar: () => toolbar,
      /** Storybook re-renders the story with the toolbar's values. */
      rerender: () => view.rerender(decorator(CardView, contextOf(id, parameters, toolbar))),
      /** A person picks values on the toolbar. */
      pick: (globals: NeurosquadGlobals) => {
        toolbar = { ...toolbar, ...globals };
        view.rerender(decorator(CardView, contextOf(id, parameters, toolbar)));
      },
      unmount: () => view.unmount(),
    };
  }

  it("shows the story's own language, theme and visibility on the toolbar, and a driver's change", async () => {
    const story = renderWithToolbar('card--own-globals', { ...radar, language: 'ru', theme: 'light' });
    const { host } = await storyHost({ id: 'card--own-globals' });
    expect(story.shown).toEqual([{ nsLanguage: 'ru', nsTheme: 'light' }]);
    expect(story.toolbar()).toEqual({ nsTheme: 'light', nsLanguage: 'ru', nsVisibility: 'visible' });
    story.rerender();
    const setLanguage = vi.spyOn(host, 'setLanguage');

    // A driver call from inside the story (a play function, a story button).
    act(() => host.setLanguage('zh'));
    await waitFor(() => expect(story.toolbar().nsLanguage).toBe('zh'));
    story.rerender();
    await waitFor(() => expect(screen.getByTestId('language')).toHaveTextContent('zh'));
    act(() => host.setVisibility('overview'));
    await waitFor(() => expect(story.toolbar().nsVisibility).toBe('overview'));
    story.rerender();
    // The toolbar's new value is what the host runs: it is not sent back as another app event.
    expect(setLanguage).toHaveBeenCalledExactlyOnceWith('zh');
    expect(host.events.filter((event) => event.event === 'i18n.changed')).toHaveLength(1);
  });

  it('sends a toolbar pick to the host without echoing it, and gives the picks back when the story closes', async () => {
    const story = renderWithToolbar('card--picked', { ...radar, language: 'ru' });
    const { host } = await storyHost({ id: 'card--picked' });
    story.rerender();
    const shownBefore = story.shown.length;
    story.pick({ nsTheme: 'light' });
    await waitFor(() => expect(screen.getByTestId('scheme')).toHaveTextContent('light'));
    expect(host.hostContext.theme.scheme).toBe('light');
    await Promise.resolve();
    expect(story.shown).toHaveLength(shownBefore);

    story.unmount();
    // The story's own Russian goes; the theme picked on the toolbar stays.
    expect(story.toolbar()).toEqual({ nsTheme: 'light', nsLanguage: 'en', nsVisibility: 'visible' });
  });

  it('leaves the toolbar alone on a docs page, where several stories share it', async () => {
    const shown: NeurosquadGlobals[] = [];
    const decorator = createCardHostDecorator({ showGlobals: (globals) => shown.push(globals) });
    render(decorator(CardView, { ...contextOf('card--in-docs', { ...radar, language: 'ru' }), viewMode: 'docs' }));
    await storyHost({ id: 'card--in-docs' });
    expect(screen.getByTestId('language')).toHaveTextContent('ru');
    expect(shown).toEqual([]);
  });
});

describe('mountWhenCardReady', () => {
  it('resolves with the canvas once the story card is connected and on screen', async () => {
    const canvas = { name: 'canvas' };
    const context = {
      id: 'card--mounted',
      canvas,
      originalStoryFn: undefined as unknown,
      renderToCanvas: () => {
        render(
          withCardHost(() => <>{(context.originalStoryFn as () => ReactNode)()}</>, contextOf('card--mounted', radar)),
        );
      },
    };
    const mount = mountWhenCardReady(context);
    await expect(mount(<CardView />)).resolves.toBe(canvas);
    expect(screen.getByTestId('frame')).toHaveTextContent('1');
  });
});

describe('the toolbar and the preview fields', () => {
  it('offers the app themes, languages and visibility states, starting from the app defaults', () => {
    const values = (name: keyof typeof cardHostGlobalTypes) =>
      cardHostGlobalTypes[name].toolbar.items.map((item) => item.value);
    expect(values('nsTheme')).toEqual(['dark', 'light']);
    expect(values('nsLanguage')).toEqual(['en', 'ru', 'zh']);
    expect(values('nsVisibility')).toEqual(['visible', 'overview', 'hidden']);
    expect(cardHostInitialGlobals).toEqual({ nsTheme: 'dark', nsLanguage: 'en', nsVisibility: 'visible' });
    expect(cardHostPreview).toMatchObject({
      mount: mountWhenCardReady,
      globalTypes: cardHostGlobalTypes,
      initialGlobals: cardHostInitialGlobals,
    });
    expect(cardHostPreview.decorators).toHaveLength(1);
  });

  it("cardHostPreview's decorator shows a story's own language and theme on the toolbar, and its records to the Host panel", async () => {
    const channel = mockChannel();
    addons.setChannel(channel);
    const updates: unknown[] = [];
    const snapshots: unknown[] = [];
    channel.on(UPDATE_GLOBALS, (update: unknown) => updates.push(update));
    channel.on(HOST_SNAPSHOT_EVENT, (snapshot: unknown) => snapshots.push(snapshot));
    const [decorator] = cardHostPreview.decorators;
    render(decorator(CardView, contextOf('card--toolbar', { ...radar, language: 'ru', theme: 'light' })));
    expect(await screen.findByTestId('language')).toHaveTextContent('ru');
    await waitFor(() =>
      expect(updates).toContainEqual({ globals: expect.objectContaining({ nsLanguage: 'ru', nsTheme: 'light' }) }),
    );
    await waitFor(() => expect(snapshots.length).toBeGreaterThan(0));
  });
});
