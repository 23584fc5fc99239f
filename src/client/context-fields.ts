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

/**
 * Every context field as an enumerable getter that reads `current(this)`: made once, for the prototype every card
 * shares (no getters or closures per card).
 */
export function contextFieldDescriptors(current: (card: object) => CardContext): PropertyDescriptorMap {
  const descriptors: PropertyDescriptorMap = {};
  for (const name of Object.keys(FIELDS) as ContextField[]) {
    const read = FIELDS[name];
    descriptors[name] = {
      get(this: object) {
        return read(current(this));
      },
      enumerable: true,
      configurable: true,
    };
  }
  return descriptors;
}
