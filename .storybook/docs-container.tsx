// Docs pages in the toolbar's app theme, as the story blocks on them are: a light page around light cards, a dark
// page around dark ones, whatever the reader's system scheme.
import { useEffect, useState, type PropsWithChildren } from 'react';
import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import { GLOBALS_UPDATED, SET_GLOBALS } from 'storybook/internal/core-events';
import { themes } from 'storybook/theming';
import { cardHostPreview } from '../storybook/index.js';

/** The app theme the page's stories run on (the toolbar's), or the app's default on a page without stories. */
function toolbarTheme(context: DocsContainerProps['context']): string {
  try {
    const [story] = context.componentStories();
    const globals = (story ? context.getStoryContext(story).globals : {}) as { nsTheme?: unknown };
    const theme = globals.nsTheme;
    if (typeof theme === 'string') return theme;
  } catch {
    // An MDX page of its own (the Introduction) has no component stories.
  }
  return cardHostPreview.initialGlobals.nsTheme;
}

/** Storybook's docs container, themed light or dark as the toolbar's `nsTheme` is, and following its changes. */
export function ToolbarDocsContainer({ context, children }: PropsWithChildren<DocsContainerProps>) {
  const [theme, setTheme] = useState(() => toolbarTheme(context));
  useEffect(() => {
    const follow = ({ globals }: { globals?: { nsTheme?: unknown } }) => {
      if (typeof globals?.nsTheme === 'string') setTheme(globals.nsTheme);
    };
    context.channel.on(SET_GLOBALS, follow);
    context.channel.on(GLOBALS_UPDATED, follow);
    return () => {
      context.channel.off(SET_GLOBALS, follow);
      context.channel.off(GLOBALS_UPDATED, follow);
    };
  }, [context]);
  return (
    <DocsContainer context={context} theme={theme === 'light' ? themes.light : themes.dark}>
      {children}
    </DocsContainer>
  );
}
