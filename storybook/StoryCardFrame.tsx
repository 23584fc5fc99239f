// A story framed as the app frames a card: the chrome the card set on its mock host, live, at the card's size.
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { CardFrame } from '../dev-host/frame/CardFrame.js';
import cardFrameStyles from '../dev-host/frame/card-frame.css?inline';
import storyFrameStyles from './story-card-frame.css?inline';
import type { MockChrome, MockHost } from '../src/testing/index.js';
import type { CardSize } from '../src/index.js';

const STYLE_ID = 'neurosquad-card-frame-styles';

/** Puts the frame's styles into the document once (the built `./storybook` entry carries them as a string). */
function useFrameStyles(): void {
  // Before the first paint, so the frame never shows unstyled.
  useLayoutEffect(() => {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = `${cardFrameStyles}\n${storyFrameStyles}`;
    document.head.append(style);
  }, []);
}

interface HostView {
  chrome: MockChrome;
  size: CardSize;
}

function readView(host: MockHost): HostView {
  return { chrome: { ...host.chrome }, size: { ...host.hostContext.instance.size } };
}

/** The host's chrome and card size, re-read on every change the host reports (`host.subscribe`). */
function useHostView(host: MockHost): HostView {
  const last = useRef<{ key: string; view: HostView } | null>(null);
  const subscribe = useCallback((onChange: () => void) => host.subscribe(onChange), [host]);
  // The same object until the chrome or the size really changed, as useSyncExternalStore requires.
  const snapshot = () => {
    const view = readView(host);
    const key = JSON.stringify(view);
    if (last.current?.key !== key) last.current = { key, view };
    return last.current.view;
  };
  return useSyncExternalStore(subscribe, snapshot);
}

/** The mock host whose chrome a `StoryCardFrame` draws, and the card inside. */
export interface StoryCardFrameProps {
  /** The story's mock host: its chrome is drawn, the menu sends `ui.menu` to it. */
  host: MockHost;
  /** The card's content (the story inside its `CardProvider`). */
  children?: ReactNode;
}

/** The app's card frame around a story: title, status, badge, overview, attention and a working menu. */
export function StoryCardFrame({ host, children }: StoryCardFrameProps): ReactElement {
  useFrameStyles();
  const { chrome, size } = useHostView(host);
  return (
    <div className="ns-story-card" data-card-size={`${size.w}x${size.h}`}>
      <CardFrame
        chrome={chrome}
        size={size}
        name={host.hostContext.instance.displayName}
        onMenu={(id) => host.emit('ui.menu', { id })}
      >
        {/* The card's own page: the kit on the theme, scrolling inside the frame as a card does. */}
        {/* Focusable so a keyboard can scroll a card taller than its frame (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="ns-kit ns-story-card__content" tabIndex={0} role="region" aria-label="Card content">
          {children}
        </div>
      </CardFrame>
    </div>
  );
}
