// @neurosquad/card-sdk/storybook: every story of a card on its own mock host, configured by `parameters.neurosquad`.
export {
  createCardHostDecorator,
  mountWhenCardReady,
  withCardHost,
  type CardHostDecorator,
  type CardHostDecoratorOptions,
  type CardHostMountContext,
  type CardHostStoryContext,
} from './withCardHost.js';
export {
  CardHostFrame,
  type CardHostAttach,
  type CardHostFrameProps,
  type CardHostSession,
  type CardHostStatus,
} from './CardHostFrame.js';
export { cardHostPreview } from './preview.js';
export {
  cardHostGlobalTypes,
  cardHostInitialGlobals,
  type CardHostGlobalType,
  type CardHostToolbarIcon,
  type CardHostToolbarItem,
} from './globals.js';
export {
  hostOptionsFor,
  mockHostParameters,
  themeOf,
  type NeurosquadGlobals,
  type NeurosquadParameters,
  type ThemeName,
} from './parameters.js';
export { storyHost, storyHostSettled, useStoryHost, StoryHostContext, type StoryHost } from './story-host.js';
