// The fields of a card that read the current context (`card.theme` is `card.context.theme`), from one table.
import type { CardContext } from '../contract/types.js';
import type { Card } from './card.js';

/** The names of the card's fields that read the context. */
export type ContextField =
  | 'instanceId'
  | 'instance'
  | 'workspace'
  | 'visibility'
  | 'expanded'
  | 'size'
  | 'theme'
  | 'i18n'
  | 'language'
  | 'launch'
  | 'spawnInit'
  | 'limits'
  | 'appVersion';

// `instance` and `i18n` may be missing from an old host's context; the fields read undefined then.
const FIELDS: { readonly [K in ContextField]: (context: CardContext) => Card[K] } = {
  instanceId: (context) => context.instance?.instanceId,
  instance: (context) => context.instance,
  workspace: (context) => context.workspace,
  visibility: (context) => context.visibility,
  expanded: (context) => context.expanded,
  size: (context) => context.instance?.size,
  theme: (context) => context.theme,
  i18n: (context) => context.i18n,
  language: (context) => context.i18n?.language,
  launch: (context) => context.launch,
  spawnInit: (context) => context.spawnInit,
  limits: (context) => context.limits,
  appVersion: (context) => context.appVersion,
};

const NAMES = Object.keys(FIELDS) as ContextField[];

/** Adds every context field to `target` as an enumerable getter over `current()`. */
export function defineContextFields<T extends object>(
  target: T,
  current: () => CardContext,
): T & Pick<Card, ContextField> {
  const descriptors: PropertyDescriptorMap = {};
  for (const name of NAMES) {
    const read = FIELDS[name];
    descriptors[name] = { get: () => read(current()), enumerable: true, configurable: true };
  }
  return Object.defineProperties(target, descriptors) as T & Pick<Card, ContextField>;
}
