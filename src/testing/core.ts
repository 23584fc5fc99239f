// What every namespace of the mock host shares: the manifest, the options, the live context, and the way to the card.
import type { CardContext, NormalizedManifest } from '../contract/types.js';
import type { MockHostOptions } from './types.js';

/** The mock's shared core: read by every namespace, owned by none. */
export interface MockCore {
  /** The normalized manifest. */
  readonly manifest: NormalizedManifest;
  /** The options the host was made with. */
  readonly options: MockHostOptions;
  /** The current context (mutated in place; the card gets copies over the wire). */
  readonly context: CardContext;
  /** The effective grants now (implications included). */
  grants(): ReadonlySet<string>;
  /** Records an event and posts it to the card. */
  emit(event: string, data?: unknown): void;
  /** Takes the next number of the one id counter shared by `req-N`, `call-N`, `spawned-N` and `watch-N`. */
  nextId(prefix: string): string;
}

/** The app language now. */
export function languageOf(core: MockCore): string {
  return core.context.i18n.language;
}
