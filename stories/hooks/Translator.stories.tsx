import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { storyHost } from '../../storybook/index.js';
import { Badge, Muted, Row, Stack, Surface, Title } from '../../components/index.js';
import type { Catalog } from '../../src/index.js';
import { useTranslator } from '../../hooks/index.js';

const catalog: Catalog = {
  en: { title: 'Test radar', failed_one: '{{count}} test failed', failed_other: '{{count}} tests failed' },
  ru: {
    title: 'Радар тестов',
    failed_one: '{{count}} тест упал',
    failed_few: '{{count}} теста упало',
    failed_many: '{{count}} тестов упало',
    failed_other: '{{count}} теста упало',
  },
  zh: { title: '测试雷达', failed_other: '{{count}} 个测试失败' },
};

/** Texts in the app's language, with plurals; switch Language on the toolbar. */
function Radar({ failures }: { failures: number }) {
  const t = useTranslator(catalog);
  return (
    <Surface>
      <Stack>
        <Row>
          <Title as="h3">{t('title')}</Title>
          <Badge>{t.language}</Badge>
        </Row>
        <p data-testid="failed">{t('failed', { count: failures })}</p>
        <Muted>locale {t.locale}</Muted>
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/useTranslator',
  component: Radar,
  args: { failures: 3 },
  argTypes: { failures: { control: { type: 'number', min: 0 } } },
  parameters: { covers: ['useTranslator'] },
} satisfies Meta<typeof Radar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The app switches language live; the card re-renders in it. */
export const SwitchesLanguage: Story = {
  play: async ({ canvas, id }) => {
    const { host } = await storyHost({ id });
    await expect(canvas.getByTestId('failed')).toHaveTextContent('3 tests failed');
    host.setLanguage('ru');
    await waitFor(() => expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Радар тестов'));
    await expect(canvas.getByTestId('failed')).toHaveTextContent('3 теста упало');
    host.setLanguage('zh');
    await waitFor(() => expect(canvas.getByTestId('failed')).toHaveTextContent('3 个测试失败'));
  },
};

/** Russian plural forms. */
export const RussianPlurals: Story = {
  args: { failures: 5 },
  parameters: { neurosquad: { language: 'ru' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('failed')).toHaveTextContent('5 тестов упало');
  },
};
