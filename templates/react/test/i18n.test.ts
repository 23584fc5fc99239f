import { describe, expect, it } from 'vitest';
import { createTranslator } from '@neurosquad/card-sdk';
import { catalog } from '../src/i18n';

describe('the catalog', () => {
  it.each([
    ['en', [1, 2, 5], ['1 needs you', '2 need you', '5 need you']],
    ['ru', [1, 3, 5, 21], ['1 ждёт вас', '3 ждут вас', '5 ждут вас', '21 ждёт вас']],
    ['zh', [1, 5], ['1 个等待你', '5 个等待你']],
  ] as const)('counts waiting agents in %s with its plural forms', (language, counts, texts) => {
    const t = createTranslator(catalog);
    t.setLanguage(language);
    expect(counts.map((count) => t('waiting', { count }))).toEqual(texts);
  });

  it('declines "card" in Russian: one, few, many', () => {
    const t = createTranslator(catalog);
    t.setLanguage('ru');
    expect([1, 2, 5, 22].map((count) => t('sent', { count }))).toEqual([
      'Отправлено в 1 карточку',
      'Отправлено в 2 карточки',
      'Отправлено в 5 карточек',
      'Отправлено в 22 карточки',
    ]);
  });

  it('has every English key in Russian and Chinese (plural forms aside)', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [`${prefix}${key}`.replace(/_(one|few|many|other)$/, '')]
          : keys(value, `${prefix}${key}.`),
      );
    const english = new Set(keys(catalog.en ?? {}));
    for (const language of ['ru', 'zh'] as const) expect(new Set(keys(catalog[language] ?? {}))).toEqual(english);
  });
});
