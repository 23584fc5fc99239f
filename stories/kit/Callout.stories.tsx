import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CARD_TONES } from '../../src/index.js';
import { Callout, Stack } from '../../components/index.js';

const meta = {
  title: 'Kit/Callout',
  component: Callout,
  args: { tone: 'accent', children: 'Draw an arrow to a note to collect the summaries.' },
  argTypes: { tone: { control: 'inline-radio', options: CARD_TONES } },
} satisfies Meta<typeof Callout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sentence each tone's callout says ("An accent callout.", "A danger callout."). */
const sentence = (tone: string) => `${/^[aeiou]/.test(tone) ? 'An' : 'A'} ${tone} callout.`;

/** One callout; pick the tone on the Controls panel. */
export const Playground: Story = {};

/** Every tone. */
export const Tones: Story = {
  parameters: { controls: { exclude: ['tone', 'children'] } },
  render: (args) => (
    <Stack>
      {CARD_TONES.map((tone) => (
        <Callout key={tone} {...args} tone={tone}>
          {sentence(tone)}
        </Callout>
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('An accent callout.').className).toBe('ns-callout');
    for (const tone of CARD_TONES.filter((t) => t !== 'accent')) {
      await expect(canvas.getByText(sentence(tone))).toHaveClass('ns-callout', `ns-callout--${tone}`);
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
