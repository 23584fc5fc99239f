// The Storybook decorator and mount that put every story on its own mock host. Typed by shape, so the
// emitted types need no Storybook package; the values fit `Preview` from `@storybook/react-vite`.
import type { ReactElement, ReactNode } from 'react';
import { CardHostFrame, type CardHostAttach } from './CardHostFrame.js';
import type { NeurosquadGlobals, NeurosquadParameters } from './parameters.js';
import { storyHostSettled } from './story-host.js';

/** The part of Storybook's story context the decorator reads. */
export interface CardHostStoryContext {
  /** The story id. */
  id: string;
  /** The story's parameters; `parameters.neurosquad` configures the host. */
  parameters: { [name: string]: unknown };
  /** The story's sidebar title (`Hooks/useStorage`). */
  title?: string;
  /** The toolbar values (`nsTheme`, `nsLanguage`, `nsVisibility`). */
  globals: { [name: string]: unknown };
  /** `story` on the story's own canvas, `docs` on a docs page. */
  viewMode?: string;
}

/** A Storybook decorator (a `Decorator` of `@storybook/react-vite`). */
export type CardHostDecorator = (Story: () => ReactNode, context: CardHostStoryContext) => ReactElement;

/** What runs beside each story's host, which stories get the card frame, and how the toolbar follows the host. */
export interface CardHostDecoratorOptions {
  /** Runs beside each story's host (e.g. a panel that shows its records); returns a cleanup. */
  attach?: CardHostAttach;
  /**
   * Whether a story is drawn in the app's card frame when its `parameters.neurosquad.frame` does not say;
   * every story by default (a card's stories are the card).
   */
  frame?: (context: CardHostStoryContext) => boolean;
  /**
   * Sets the toolbar to what a story's host runs when they differ (its own language, theme or visibility, or a
   * driver's change), in Storybook `updateGlobals(globals)`. Called on the story's canvas only, not on docs pages
   * (several stories there would fight over one toolbar).
   */
  showGlobals?: (globals: NeurosquadGlobals) => void;
}

/** A decorator that runs each story in `CardProvider` on a fresh `createMockHost()`, with extra options. */
export function createCardHostDecorator(options: CardHostDecoratorOptions = {}): CardHostDecorator {
  return (Story, context) => {
    const parameters = context.parameters.neurosquad as NeurosquadParameters | undefined;
    return (
      // Keyed by story: switching stories never reuses a host, a card or a query cache.
      <CardHostFrame
        key={context.id}
        storyId={context.id}
        parameters={parameters}
        globals={context.globals}
        attach={options.attach}
        onGlobals={context.viewMode === 'docs' ? undefined : options.showGlobals}
        framed={parameters?.frame ?? options.frame?.(context) ?? true}
      >
        <Story />
      </CardHostFrame>
    );
  };
}

/** Runs each story in `CardProvider` on a fresh `createMockHost()` configured by `parameters.neurosquad`. */
export const withCardHost: CardHostDecorator = createCardHostDecorator();

/** The part of Storybook's story context the mount reads. */
export interface CardHostMountContext<TCanvas> {
  /** The story id. */
  id: string;
  /** The story's canvas queries. */
  canvas: TCanvas;
  /** Renders the story (Storybook sets it at run time; its public `StoryContext` type leaves it out). */
  renderToCanvas?: () => unknown;
  /** The story function; a play function's `mount(<ui />)` replaces it. */
  originalStoryFn?: unknown;
}

/**
 * Storybook's `mount`: play functions start once the story's card is connected and on screen (or its host
 * failed), not at the "Connecting…" frame.
 */
export function mountWhenCardReady<TCanvas>(
  context: CardHostMountContext<TCanvas>,
): (ui?: unknown) => Promise<TCanvas> {
  return async (ui) => {
    if (ui != null) context.originalStoryFn = () => ui;
    if (!context.renderToCanvas) throw new Error('mountWhenCardReady() runs only as a Storybook mount');
    await context.renderToCanvas();
    await storyHostSettled(context.id);
    return context.canvas;
  };
}
