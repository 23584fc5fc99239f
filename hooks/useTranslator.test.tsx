import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../src/index.js';
import { connectMock, providerFor } from './mock-card.test-helpers.js';
import { useTranslator } from './useTranslator.js';

const catalog: Catalog = {
  en: { title: 'Runs', failed_one: '{{count}} test failed', failed_other: '{{count}} tests failed' },
  ru: {
    title: 'Запуски',
    failed_one: '{{count}} тест упал',
    failed_few: '{{count}} теста упало',
    failed_many: '{{count}} тестов упало',
    failed_other: '{{count}} теста упало',
  },
};

describe('useTranslator', () => {
  it('translates in the app language and re-renders when it changes', async () => {
    const { host, card } = await connectMock();
    function Title() {
      const t = useTranslator(catalog);
      return <h1>{`${t('title')} · ${t('failed', { count: 5 })}`}</h1>;
    }
    render(<Title />, { wrapper: providerFor(card) });
    expect(screen.getByRole('heading').textContent).toBe('Runs · 5 tests failed');
    act(() => host.setLanguage('ru'));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Запуски · 5 тестов упало'));
  });

  it('carries language, locale, setLanguage, onChange and dispose', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useTranslator(catalog), { wrapper: providerFor(card, { strict: true }) });
    expect(result.current.language).toBe('en');
    expect(result.current.locale).toBe('en-US');
    const heard: string[] = [];
    const off = result.current.onChange((language) => heard.push(language));
    act(() => host.setLanguage('ru'));
    await waitFor(() => expect(result.current.language).toBe('ru'));
    expect(result.current.locale).toBe('ru-RU');
    expect(heard).toEqual(['ru']);
    off();
    expect(typeof result.current.setLanguage).toBe('function');
    expect(typeof result.current.dispose).toBe('function');
  });

  it('lets setLanguage switch the translator until the app changes its language', async () => {
    const { host, card } = await connectMock();
    const { result } = renderHook(() => useTranslator(catalog), { wrapper: providerFor(card, { strict: true }) });
    const heard: string[] = [];
    result.current.onChange((language) => heard.push(language));
    act(() => result.current.setLanguage('ru'));
    expect(result.current('title')).toBe('Запуски');
    expect(result.current('failed', { count: 2 })).toBe('2 теста упало');
    expect(result.current.language).toBe('en');
    expect(heard).toEqual(['ru']);

    act(() => host.setLanguage('zh'));
    await waitFor(() => expect(result.current.language).toBe('zh'));
    expect(result.current('title')).toBe('Runs');
    expect(result.current.locale).toBe('zh-CN');
    expect(heard).toEqual(['ru', 'zh']);
  });

  it('starts in the card language', async () => {
    const { card } = await connectMock({ context: { i18n: { language: 'ru', locale: 'ru-RU' } } });
    const { result } = renderHook(() => useTranslator(catalog), { wrapper: providerFor(card) });
    expect(result.current('failed', { count: 2 })).toBe('2 теста упало');
  });
});
