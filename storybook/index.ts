// @neurosquad/card-sdk/storybook: every story of a card on its own mock host, configured by `parameters.neurosquad`.
export {
  createCardHostDecorator,
  withCardHost,
  type CardHostDecorator,
  type CardHostDecoratorOptions,
  type CardHostMountContext,
  type CardHostStoryContext,
} from './withCardHost.js';
export type { CardHostAttach, CardHostSession, CardHostStatus } from './CardHostFrame.js';
export { cardHostPreview } from './preview.js';
export type { CardHostGlobalType, CardHostToolbarIcon, CardHostToolbarItem } from './globals.js';
export { mockHostParameters, type NeurosquadGlobals, type NeurosquadParameters, type ThemeName } from './parameters.js';
export { storyHost, useStoryHost, type StoryHost } from './story-host.js';
