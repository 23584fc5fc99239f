import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CARD_TONES } from '../../src/index.js';
import { Dot, Row } from '../../components/index.js';

const meta = {
  title: 'Kit/Dot',
  component: Dot,
  args: { tone: 'success', label: 'Passing' },
  argTypes: { tone: { control: 'inline-radio', options: CARD_TONES } },
} satisfies Meta<typeof Dot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A named dot is an image with an accessible name. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Passing' })).toHaveClass('ns-dot--success');
  },
};

/** Every tone, each named after its tone. */
export const Tones: Story = {
  // The story renders fixed content: no control would change it.
  parameters: { controls: { disable: true } },
  render: () => (
    <Row>
      {CARD_TONES.map((tone) => (
        <Row key={tone}>
          <Dot tone={tone} label={tone} />
          <span>{tone}</span>
        </Row>
      ))}
    </Row>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('img')).toHaveLength(CARD_TONES.length);
  },
};
