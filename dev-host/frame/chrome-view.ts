// What the app draws around a card, read from the raw chrome params a mock host recorded.
import type { CardIcon, CardTone } from '../../src/index.js';
import { CARD_ICONS, CARD_TONES } from '../../src/contract/constants.js';
import type { CardChrome } from '../../src/contract/types.js';
import { normalizedChrome } from '../../src/testing/host.js';
import type { MockChrome } from '../../src/testing/index.js';

/** One entry of the card's menu as the app lists it. */
export interface MenuEntry {
  id: string;
  label: string;
  icon: CardIcon | null;
  tone: 'default' | 'danger';
  disabled: boolean;
}

/** The chrome as the app shows it: title, status, badge, overview, attention and the menu. */
export interface ChromeView extends CardChrome {
  menu: MenuEntry[];
}

const ICONS: ReadonlySet<string> = new Set(CARD_ICONS);

/** A known icon name, else null (the host validated it; a stale snapshot may still hold anything). */
function iconOf(value: unknown): CardIcon | null {
  return typeof value === 'string' && ICONS.has(value) ? (value as CardIcon) : null;
}

function menuEntry(item: unknown): MenuEntry | null {
  if (!item || typeof item !== 'object') return null;
  const { id, label, icon, tone, disabled } = item as Record<string, unknown>;
  if (typeof id !== 'string' || typeof label !== 'string') return null;
  return { id, label, icon: iconOf(icon), tone: tone === 'danger' ? 'danger' : 'default', disabled: disabled === true };
}

/** Normalizes a mock host's chrome snapshot for drawing. */
export function chromeView(chrome: MockChrome): ChromeView {
  const menu = chrome.menu.map(menuEntry).filter((entry): entry is MenuEntry => entry !== null);
  return { ...normalizedChrome(chrome), menu };
}

/** The kit tone of a chrome tone (`default` draws neutral). */
export function toneOf(tone: unknown): CardTone {
  return (CARD_TONES as readonly unknown[]).includes(tone) ? (tone as CardTone) : 'default';
}
