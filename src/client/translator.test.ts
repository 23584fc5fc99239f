import { describe, expect, it } from 'vitest';
import type { Catalog } from '../contract/types.js';
import { createTranslator, type TranslatorCard } from './translator.js';

const catalog: Catalog = {
  en: {
    title: 'Run stats',
    tests_one: '{{ count }} test',
    tests_other: '{{ count }} tests',
    greeting: 'Hello, {{name}}!',
    total: 'Total: {{ amount }}',
    nested: { deep: { key: 'Deep {{ a.b }}' } },
    only_en: 'English only',
    items_other: '{{count}} items',
  },
  ru: {
    title: 'Статистика',
    tests_one: '{{ count }} тест',
    tests_few: '{{ count }} теста',
    tests_many: '{{ count }} тестов',
    tests_other: '{{ count }} теста',
    total: 'Итого: {{ amount }}',
    nested: { deep: { key: 'Глубоко {{ a.b }}' } },
  },
  zh: {
    title: '运行统计',
    tests_other: '{{ count }} 个测试',
  },
};

/** A card stand-in: the translator only reads `context.i18n` and listens to `i18n.changed`. */
function fakeCard(language: string, locale?: string) {
  const listeners = new Set<(i18n: { language: string; locale?: string }) => void>();
  const card: TranslatorCard & {
    emit(i18n: { language: string; locale?: string }): void;
    listeners: typeof listeners;
  } = {
    context: { i18n: locale === undefined ? { language } : { language, locale } },
    on(_event, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(i18n) {
      for (const listener of listeners) listener(i18n);
    },
    listeners,
  };
  return card;
}

describe('createTranslator plurals', () => {
  const rows: Array<[string, number, string]> = [
    ['en', 1, '1 test'],
    ['en', 2, '2 tests'],
    ['en', 0, '0 tests'],
    ['ru', 1, '1 тест'],
    ['ru', 2, '2 теста'],
    ['ru', 5, '5 тестов'],
    ['ru', 21, '21 тест'],
    ['ru', 11, '11 тестов'],
    ['ru', 1.5, '1,5 теста'],
    ['zh', 1, '1 个测试'],
    ['zh', 7, '7 个测试'],
  ];
  it.each(rows)('%s %d → %s', (language, count, expected) => {
    const t = createTranslator(catalog, fakeCard(language));
    expect(t('tests', { count })).toBe(expected);
  });

  it('falls back to key_other, then the plain key', () => {
    const t = createTranslator(catalog);
    expect(t('items', { count: 1 })).toBe('1 items');
    expect(t('title', { count: 3 })).toBe('Run stats');
  });
});

describe('createTranslator lookup and interpolation', () => {
  const rows: Array<[string, string, Record<string, unknown> | undefined, string]> = [
    ['en', 'title', undefined, 'Run stats'],
    ['ru', 'title', undefined, 'Статистика'],
    ['ru', 'only_en', undefined, 'English only'],
    ['zh', 'greeting', { name: 'Ann' }, 'Hello, Ann!'],
    ['en', 'missing.key', undefined, 'missing.key'],
    ['en', 'nested.deep.key', { 'a.b': 'x' }, 'Deep x'],
    ['ru', 'nested.deep.key', { 'a.b': 'y' }, 'Глубоко y'],
    ['en', 'greeting', { name: null }, 'Hello, {{name}}!'],
    ['en', 'greeting', {}, 'Hello, {{name}}!'],
    ['en', 'greeting', undefined, 'Hello, {{name}}!'],
    ['en', 'total', { amount: 1234567.5 }, 'Total: 1,234,567.5'],
    ['ru', 'total', { amount: 1234567.5 }, `Итого: ${(1234567.5).toLocaleString('ru-RU')}`],
    ['en', 'greeting', { name: true }, 'Hello, true!'],
  ];
  it.each(rows)('%s %s %j → %s', (language, key, vars, expected) => {
    const t = createTranslator(catalog, fakeCard(language));
    expect(t(key, vars)).toBe(expected);
  });

  it('formats numbers with the locale from the card', () => {
    const t = createTranslator(catalog, fakeCard('en', 'de-DE'));
    expect(t.locale).toBe('de-DE');
    expect(t('total', { amount: 1234.5 })).toBe('Total: 1.234,5');
  });

  it('uses the default locale of the language without a card locale', () => {
    expect(createTranslator(catalog, fakeCard('ru')).locale).toBe('ru-RU');
    expect(createTranslator(catalog, fakeCard('zh')).locale).toBe('zh-CN');
    const t = createTranslator(catalog);
    expect([t.language, t.locale]).toEqual(['en', 'en-US']);
  });

  it('skips missing language trees', () => {
    const t = createTranslator({ en: { a: 'A' }, ru: undefined }, fakeCard('ru'));
    expect(t('a')).toBe('A');
  });
});

describe('createTranslator language switching', () => {
  it('follows the card’s i18n.changed and tells listeners', () => {
    const card = fakeCard('en');
    const t = createTranslator(catalog, card);
    const heard: string[] = [];
    t.onChange((language) => heard.push(language));
    card.emit({ language: 'ru', locale: 'ru-RU' });
    expect(t.language).toBe('ru');
    expect(t.locale).toBe('ru-RU');
    expect(t('tests', { count: 5 })).toBe('5 тестов');
    card.emit({ language: 'ru', locale: 'ru-RU' });
    expect(heard).toEqual(['ru']);
  });

  it('setLanguage switches, is a no-op when unchanged, and onChange unsubscribes', () => {
    const t = createTranslator(catalog);
    const heard: string[] = [];
    const off = t.onChange((language) => heard.push(language));
    t.setLanguage('zh');
    expect(t.locale).toBe('zh-CN');
    expect(t('title')).toBe('运行统计');
    t.setLanguage('zh');
    off();
    t.setLanguage('en');
    expect(heard).toEqual(['zh']);
    expect(t('title')).toBe('Run stats');
  });

  it('dispose stops following the card', () => {
    const card = fakeCard('en');
    const t = createTranslator(catalog, card);
    expect(card.listeners.size).toBe(1);
    t.dispose();
    expect(card.listeners.size).toBe(0);
    card.emit({ language: 'ru' });
    expect(t.language).toBe('en');
  });
});
