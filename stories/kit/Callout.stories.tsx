import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CARD_TONES } from '../../src/contract/constants.js';
import { Callout, Stack } from '../../components/index.js';

const meta = {
  title: 'Kit/Callout',
  component: Callout,
  args: { tone: 'accent', children: 'Draw an arrow to a note to collect the summaries.' },
  argTypes: { tone: { control: 'inline-radio', options: CARD_TONES } },
} satisfies Meta<typeof Callout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One callout; pick the tone on the Controls panel. */
export const Playground: Story = {};

/** Every tone. */
export const Tones: Story = {
  render: (args) => (
    <Stack>
      {CARD_TONES.map((tone) => (
        <Callout key={tone} {...args} tone={tone}>
          A {tone} callout.
        </Callout>
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('A accent callout.').className).toBe('ns-callout');
    for (const tone of CARD_TONES.filter((t) => t !== 'accent')) {
      await expect(canvas.getByText(`A ${tone} callout.`)).toHaveClass('ns-callout', `ns-callout--${tone}`);
    }
  },
};

/** A failure that must be announced uses `role="alert"`. */
export const Alert: Story = {
  args: { tone: 'danger', role: 'alert', children: 'The tests could not start: npm is not installed.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('npm is not installed');
  },
};
