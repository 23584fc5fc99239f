// Everything a card's `.storybook/preview` needs, in one object to spread into its `Preview`.
import { cardHostGlobalTypes, cardHostInitialGlobals } from './globals.js';
import { mountWhenCardReady, withCardHost, type CardHostDecorator } from './withCardHost.js';

/** The decorator, the mount that waits for the card, and the toolbar switches, as `Preview` fields. */
export const cardHostPreview: {
  decorators: CardHostDecorator[];
  mount: typeof mountWhenCardReady;
  globalTypes: typeof cardHostGlobalTypes;
  initialGlobals: typeof cardHostInitialGlobals;
} = {
  decorators: [withCardHost],
  mount: mountWhenCardReady,
  globalTypes: cardHostGlobalTypes,
  initialGlobals: cardHostInitialGlobals,
};
