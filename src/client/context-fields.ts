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

// The context reader lives under a symbol on the card, so one set of getters serves every card (no closures per card).
const CURRENT = Symbol('card context');

type ContextSource = { readonly [CURRENT]: () => CardContext };

const DESCRIPTORS: PropertyDescriptorMap = {};
for (const name of Object.keys(FIELDS) as ContextField[]) {
  const read = FIELDS[name];
  DESCRIPTORS[name] = {
    get(this: ContextSource) {
      return read(this[CURRENT]());
    },
    enumerable: true,
    configurable: true,
  };
}

/** Adds every context field to `target` as an enumerable getter over `current()`. */
export function defineContextFields<T extends object>(
  target: T,
  current: () => CardContext,
): T & Pick<Card, ContextField> {
  Object.defineProperty(target, CURRENT, { value: current });
  return Object.defineProperties(target, DESCRIPTORS) as T & Pick<Card, ContextField>;
}
