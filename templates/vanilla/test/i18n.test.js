import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTranslator } from '@neurosquad/card-sdk';
import { catalog } from '../src/i18n.js';

function translator(language) {
  const t = createTranslator(catalog);
  t.setLanguage(language);
  return t;
}

test('counts waiting agents with each language’s plural forms', () => {
  const en = translator('en');
  assert.deepEqual(
    [1, 2, 5].map((count) => en('waiting', { count })),
    ['1 needs you', '2 need you', '5 need you'],
  );
  const ru = translator('ru');
  assert.deepEqual(
    [1, 3, 5, 21].map((count) => ru('waiting', { count })),
    ['1 ждёт вас', '3 ждут вас', '5 ждут вас', '21 ждёт вас'],
  );
  const zh = translator('zh');
  assert.deepEqual(
    [1, 5].map((count) => zh('waiting', { count })),
    ['1 个等待你', '5 个等待你'],
  );
});

test('declines "card" in Russian: one, few, many', () => {
  const ru = translator('ru');
  assert.deepEqual(
    [1, 2, 5, 22].map((count) => ru('sent', { count })),
    ['Отправлено в 1 карточку', 'Отправлено в 2 карточки', 'Отправлено в 5 карточек', 'Отправлено в 22 карточки'],
  );
  assert.equal(translator('en')('sent', { count: 1 }), 'Sent to 1 card');
});

test('has every English key in Russian and Chinese (plural forms aside)', () => {
  const keys = (tree, prefix = '') =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [`${prefix}${key}`.replace(/_(one|few|many|other)$/, '')]
        : keys(value, `${prefix}${key}.`),
    );
  const english = new Set(keys(catalog.en));
  for (const language of ['ru', 'zh']) assert.deepEqual(new Set(keys(catalog[language])), english, language);
});
