// Docs pages in the toolbar's app theme, as the story blocks on them are: a light page around light cards, a dark
// page around dark ones, whatever the reader's system scheme.
import { useSyncExternalStore, type PropsWithChildren } from 'react';
import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks';
import { GLOBALS_UPDATED, SET_GLOBALS } from 'storybook/internal/core-events';
import { addons } from 'storybook/preview-api';
import { themes } from 'storybook/theming';
import { cardHostPreview } from '../storybook/index.js';

// The toolbar's theme, followed from the preview's start: a page mounts after the first SET_GLOBALS has gone by, and
// an MDX page (the Introduction) has no story to read globals from.
let toolbarTheme: string = cardHostPreview.initialGlobals.nsTheme;
const listeners = new Set<() => void>();
const follow = ({ globals }: { globals?: { nsTheme?: unknown } }) => {
  if (typeof globals?.nsTheme !== 'string' || globals.nsTheme === toolbarTheme) return;
  toolbarTheme = globals.nsTheme;
  for (const listener of listeners) listener();
};
if (addons.hasChannel()) {
  addons.getChannel().on(SET_GLOBALS, follow);
  addons.getChannel().on(GLOBALS_UPDATED, follow);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Storybook's docs container, themed light or dark as the toolbar's `nsTheme` is, and following its changes. */
export function ToolbarDocsContainer({ context, children }: PropsWithChildren<DocsContainerProps>) {
  const theme = useSyncExternalStore(subscribe, () => toolbarTheme);
  return (
    <DocsContainer context={context} theme={theme === 'light' ? themes.light : themes.dark}>
      {children}
    </DocsContainer>
  );
}
