// Everything a card's `.storybook/preview` needs, in one object to spread into its `Preview`.
import { cardHostGlobalTypes, cardHostInitialGlobals } from './globals.js';
import { bridgeHostToPanel } from './host-panel/bridge.js';
import { showGlobals } from './host-panel/show-globals.js';
import { createCardHostDecorator, mountWhenCardReady, type CardHostDecorator } from './withCardHost.js';

/**
 * The decorator, the mount that waits for the card, and the toolbar switches, as `Preview` fields. The toolbar
 * shows what each story's host runs, and the Host panel (`addons: ['@neurosquad/card-sdk/storybook/preset']`)
 * shows its records and drives it.
 */
export const cardHostPreview: {
  decorators: CardHostDecorator[];
  mount: typeof mountWhenCardReady;
  globalTypes: typeof cardHostGlobalTypes;
  initialGlobals: typeof cardHostInitialGlobals;
} = {
  decorators: [createCardHostDecorator({ attach: bridgeHostToPanel, showGlobals })],
  mount: mountWhenCardReady,
  globalTypes: cardHostGlobalTypes,
  initialGlobals: cardHostInitialGlobals,
};
