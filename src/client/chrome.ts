import type { AttentionLevel, CardTone } from '../contract/constants.js';
import type { CardOverview } from '../contract/types.js';
import type { CardSession, SessionMethod } from './session.js';
import { createLane, type Lane } from './lane.js';
import { definedFields } from './defined-fields.js';

/** The tone and spinner of the status line `card.setStatus` shows. */
export interface StatusOptions {
  /** Colour of the status line (default `default`). */
  tone?: CardTone;
  /** Shows a spinner next to the text. */
  busy?: boolean;
}

/** The tone of the badge `card.setBadge` shows. */
export interface BadgeOptions {
  /** Colour of the badge (default `default`). */
  tone?: CardTone;
}

/** The throttled chrome calls of a card; see `Card` for each. */
export interface CardChromeCalls {
  setTitle: (title: string | null) => Promise<void>;
  setStatus: (text: string | null, options?: StatusOptions) => Promise<void>;
  setBadge: (value: number | string | null, options?: BadgeOptions) => Promise<void>;
  setOverview: (overview: CardOverview) => Promise<void>;
  attention: (level: AttentionLevel, message?: string) => Promise<void>;
}

type ChromeKey = 'title' | 'status' | 'badge' | 'overview' | 'attention';
type Params = Record<string, unknown>;

/** What a card's chrome calls keep on its session: made by the first chrome call or by `close()`. */
export interface ChromeState {
  /** One lane per chrome method, made by its first call (most cards never make one). */
  readonly lanes: Map<ChromeKey, Lane<Params>>;
  /** Set by `close()`: chrome calls resolve without sending. */
  cancelled: boolean;
}

const MIRROR: Record<ChromeKey, (params: Params) => unknown> = {
  title: (p) => p.title ?? null,
  status: (p) => (p.text ? { text: p.text, tone: p.tone ?? 'default', busy: p.busy === true } : null),
  badge: (p) =>
    (p.count !== undefined && p.count !== null) || p.text
      ? { count: p.count ?? null, text: p.text ?? null, tone: p.tone ?? 'default' }
      : null,
  overview: (p) => p,
  attention: (p) => (p.level === 'none' ? null : { level: p.level, message: p.message ?? null }),
};

const METHOD: Record<ChromeKey, string> = {
  title: 'card.setTitle',
  status: 'card.setStatus',
  badge: 'card.setBadge',
  overview: 'card.setOverview',
  attention: 'card.attention',
};

/** The chrome state of a card, made on first use. */
function chromeOf(session: CardSession): ChromeState {
  return (session.chrome ??= { lanes: new Map(), cancelled: false });
}

/** The lane of one chrome method of a card, made by its first call. */
function lane(session: CardSession, key: ChromeKey): Lane<Params> {
  const chrome = chromeOf(session);
  let found = chrome.lanes.get(key);
  if (!found) {
    found = createLane<Params>(
      (params) => session.channel.request(METHOD[key], params),
      (params) => {
        const chrome = session.context.get().chrome as Record<string, unknown> | null | undefined;
        if (!chrome || typeof chrome !== 'object') return;
        session.context.update({ chrome: { ...chrome, [key]: MIRROR[key](params) } } as never);
      },
    );
    if (chrome.cancelled) found.cancel();
    chrome.lanes.set(key, found);
  }
  return found;
}

/** The chrome calls, written once for every card: `this` is the card's session (each card binds its own copy). */
export const CHROME_CALLS: { readonly [K in keyof CardChromeCalls]: SessionMethod<CardChromeCalls[K]> } = {
  setTitle(title) {
    return lane(this, 'title').push({ title });
  },
  setStatus(text, options) {
    return lane(this, 'status').push({ text, ...definedFields(options) });
  },
  setBadge(value, options) {
    return lane(this, 'badge').push(
      typeof value === 'number'
        ? { count: value, text: null, ...definedFields(options) }
        : { count: null, text: value, ...definedFields(options) },
    );
  },
  setOverview(overview) {
    return lane(this, 'overview').push(definedFields(overview));
  },
  attention(level, message) {
    return lane(this, 'attention').push(message ? { level, message } : { level });
  },
};

/** Stops a card's chrome calls for `close()`: waiting ones resolve, later ones resolve at once without sending. */
export function cancelChrome(session: CardSession): void {
  const chrome = chromeOf(session);
  chrome.cancelled = true;
  for (const found of chrome.lanes.values()) found.cancel();
}
