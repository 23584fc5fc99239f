import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CARD_TONES } from '../../src/index.js';
import { Badge, Dot, Row } from '../../components/index.js';

const meta = {
  title: 'Kit/Badge',
  component: Badge,
  args: { children: '3 failing', tone: 'danger' },
  argTypes: { tone: { control: 'inline-radio', options: CARD_TONES } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One badge; pick the tone on the Controls panel. */
export const Playground: Story = {};

/** Every tone, with a dot inside. */
export const Tones: Story = {
  parameters: { controls: { exclude: ['tone', 'children'] } },
  render: (args) => (
    <Row>
      {CARD_TONES.map((tone) => (
        <Badge key={tone} {...args} tone={tone}>
          <Dot tone={tone} /> {tone}
        </Badge>
      ))}
    </Row>
  ),
  play: async ({ canvas }) => {
    for (const tone of CARD_TONES) await expect(canvas.getByText(tone)).toBeVisible();
    await expect(canvas.getByText('success')).toHaveClass('ns-badge--success');
  },
};
