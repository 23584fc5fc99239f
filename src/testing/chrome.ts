import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import type { Builtins, MethodsOf } from './builtin.js';
import type { MockCore } from './core.js';
import { resizeCard } from './lifecycle.js';
import type { MockChrome, MockChromeBadge, MockChromeStatus, MockConfirmRequest } from './types.js';

/** What `card.*`, `ui.*` and `clipboard.*` own: the chrome as sent, and the records of what the card asked for. */
export interface ChromeState {
  readonly core: MockCore;
  readonly chrome: MockChrome;
  readonly confirms: MockConfirmRequest[];
  readonly toasts: { message: string; tone?: string }[];
  readonly clipboard: string[];
  readonly spawned: { cardId: string; kind: string; title?: string; init?: unknown }[];
}

/** The chrome of a card that has set nothing yet, as a fresh host's `host.chrome` holds it (a new object each call). */
export function emptyChrome(): MockChrome {
  return { title: null, status: null, badge: null, overview: null, attention: null, menu: [], enabledTools: {} };
}

/** Asks the simulated user (`MockHostOptions.confirm`; yes by default). */
async function askUser(state: ChromeState, request: MockConfirmRequest): Promise<boolean> {
  state.confirms.push(request);
  const confirm = state.core.options.confirm;
  return confirm ? Boolean(await confirm(request)) : true;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** `card.*`: chrome is stored as the raw params the card sent. */
export const chromeHandlers: Builtins<ChromeState, MethodsOf<'card' | 'ui' | 'clipboard'>> = {
  'card.getInfo'(_params, state) {
    return state.core.context.instance;
  },
  'card.setTitle'(params, state) {
    state.chrome.title = params;
  },
  'card.setStatus'(params, state) {
    // Stored as sent; the SDK always sends `text` (null to clear), the record's type says what it reads.
    state.chrome.status = params as MockChromeStatus;
  },
  'card.setBadge'(params, state) {
    state.chrome.badge = params as MockChromeBadge;
  },
  'card.setOverview'(params, state) {
    state.chrome.overview = params;
  },
  'card.attention'(params, state) {
    state.chrome.attention = params;
  },
  'card.requestResize'(params, state) {
    const { minSize, maxSize } = state.core.manifest.card;
    const size = { w: clamp(params.w, minSize.w, maxSize.w), h: clamp(params.h, minSize.h, maxSize.h) };
    resizeCard(state.core, size);
    return size;
  },
  async 'card.openLink'(params, state) {
    if (!params.url.startsWith('https://')) throw new CardSdkError('INVALID_PARAMS', 'only https links');
    return { opened: await askUser(state, { type: 'open-link', url: params.url }) };
  },
  'card.focus'() {
    return undefined;
  },
  'card.spawn'(params, state) {
    const cardId = state.core.nextId('spawned');
    if (state.spawned.length >= LIMITS.spawnsPerInstance) {
      throw new CardSdkError('QUOTA_EXCEEDED', 'spawn quota reached');
    }
    const record: { cardId: string; kind: string; title?: string; init?: unknown } = { cardId, kind: params.kind };
    if (params.title !== undefined) record.title = params.title;
    if (params.init !== undefined) record.init = params.init;
    state.spawned.push(record);
    return { cardId };
  },
  'ui.toast'(params, state) {
    state.toasts.push(
      params.tone === undefined ? { message: params.message } : { message: params.message, tone: params.tone },
    );
  },
  async 'ui.confirm'(params, state) {
    return { confirmed: await askUser(state, { type: 'confirm', title: params.title, message: params.message }) };
  },
  'ui.setMenu'(params, state) {
    state.chrome.menu = params.items;
  },
  'clipboard.writeText'(params, state) {
    state.clipboard.push(params.text);
  },
};
