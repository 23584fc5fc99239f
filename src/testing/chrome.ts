import { CardSdkError } from '../contract/errors.js';
import { LIMITS } from '../contract/limits.js';
import type { BuiltinHandlers, MockCardHost } from './mock-host.js';
import type { MenuItem } from '../contract/types.js';
import type { MockConfirmRequest } from './types.js';

/** Asks the simulated user (`MockHostOptions.confirm`; yes by default). */
export async function askUser(host: MockCardHost, request: MockConfirmRequest): Promise<boolean> {
  host.confirms.push(request);
  return host.options.confirm ? Boolean(await host.options.confirm(request)) : true;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** `card.*`: chrome is stored as the raw params the card sent. */
export const chromeHandlers: BuiltinHandlers = {
  'card.getInfo'(_params, host) {
    return host.context.instance;
  },
  'card.setTitle'(params, host) {
    host.chrome.title = params;
  },
  'card.setStatus'(params, host) {
    host.chrome.status = params;
  },
  'card.setBadge'(params, host) {
    host.chrome.badge = params;
  },
  'card.setOverview'(params, host) {
    host.chrome.overview = params;
  },
  'card.attention'(params, host) {
    host.chrome.attention = params;
  },
  'card.requestResize'(params: { w: number; h: number }, host) {
    const { minSize, maxSize } = host.manifest.card;
    const size = { w: clamp(params.w, minSize.w, maxSize.w), h: clamp(params.h, minSize.h, maxSize.h) };
    host.resize(size);
    return size;
  },
  async 'card.openLink'(params: { url: string }, host) {
    if (!params.url.startsWith('https://')) throw new CardSdkError('INVALID_PARAMS', 'only https links');
    return { opened: await askUser(host, { type: 'open-link', url: params.url }) };
  },
  'card.focus'() {
    return undefined;
  },
  'card.spawn'(params: { kind: string; title?: string; init?: unknown }, host) {
    const cardId = host.nextId('spawned');
    if (host.spawned.length >= LIMITS.spawnsPerInstance)
      throw new CardSdkError('QUOTA_EXCEEDED', 'spawn quota reached');
    const record: { cardId: string; kind: string; title?: string; init?: unknown } = { cardId, kind: params.kind };
    if (params.title !== undefined) record.title = params.title;
    if (params.init !== undefined) record.init = params.init;
    host.spawned.push(record);
    return { cardId };
  },
};

/** `ui.*` and `clipboard.writeText`. */
export const uiHandlers: BuiltinHandlers = {
  'ui.toast'(params: { message: string; tone?: string }, host) {
    host.toasts.push(
      params.tone === undefined ? { message: params.message } : { message: params.message, tone: params.tone },
    );
  },
  async 'ui.confirm'(params: { title: string; message: string }, host) {
    return { confirmed: await askUser(host, { type: 'confirm', title: params.title, message: params.message }) };
  },
  'ui.setMenu'(params: { items: MenuItem[] }, host) {
    host.chrome.menu = params.items;
  },
  'clipboard.writeText'(params: { text: string }, host) {
    host.clipboard.push(params.text);
  },
};
