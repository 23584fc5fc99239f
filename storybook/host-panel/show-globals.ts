// Host → toolbar: the toolbar shows what the story's host runs, as Storybook's `updateGlobals` does.
import { UPDATE_GLOBALS } from 'storybook/internal/core-events';
import { addons } from 'storybook/preview-api';
import type { NeurosquadGlobals } from '../parameters.js';

/** Sets the toolbar to the host's language, theme or visibility (a story's own, or a driver's change). */
export function showGlobals(globals: NeurosquadGlobals): void {
  if (addons.hasChannel()) addons.getChannel().emit(UPDATE_GLOBALS, { globals });
}
