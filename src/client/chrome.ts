import type { AttentionLevel, CardTone } from '../contract/constants.js';
import type { CardOverview } from '../contract/types.js';
import type { CardSession } from './session.js';
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

/** Builds the chrome calls (one lane per method, created on first use) and the `cancel` for `close()`. */
export function createChrome(session: CardSession): [calls: CardChromeCalls, cancel: () => void] {
  // Made by the first chrome call: most cards never make one.
  let lanes: Map<ChromeKey, Lane<Params>> | undefined;
  let cancelled = false;

  const lane = (key: ChromeKey): Lane<Params> => {
    lanes ??= new Map();
    let found = lanes.get(key);
    if (!found) {
      found = createLane<Params>(
        (params) => session.channel.request(METHOD[key], params),
        (params) => {
          const chrome = session.context.get().chrome as Record<string, unknown> | null | undefined;
          if (!chrome || typeof chrome !== 'object') return;
          session.context.update({ chrome: { ...chrome, [key]: MIRROR[key](params) } } as never);
        },
      );
      if (cancelled) found.cancel();
      lanes.set(key, found);
    }
    return found;
  };

  const calls: CardChromeCalls = {
    setTitle: (title) => lane('title').push({ title }),
    setStatus: (text, options) => lane('status').push({ text, ...definedFields(options) }),
    setBadge: (value, options) =>
      lane('badge').push(
        typeof value === 'number'
          ? { count: value, text: null, ...definedFields(options) }
          : { count: null, text: value, ...definedFields(options) },
      ),
    setOverview: (overview) => lane('overview').push(definedFields(overview)),
    attention: (level, message) => lane('attention').push(message ? { level, message } : { level }),
  };
  const cancel = (): void => {
    cancelled = true;
    for (const found of lanes?.values() ?? []) found.cancel();
  };
  return [calls, cancel];
}
