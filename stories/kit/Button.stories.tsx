import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button, Icon, Row, Stack } from '../../components/index.js';

const VARIANTS = ['default', 'primary', 'secondary', 'outline', 'ghost', 'danger'] as const;
const SIZES = ['sm', 'md', 'lg'] as const;

const meta = {
  title: 'Kit/Button',
  component: Button,
  args: { children: 'Run tests', variant: 'primary', size: 'md', loading: false, disabled: false, onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: VARIANTS },
    size: { control: 'inline-radio', options: SIZES },
    icon: { control: false },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One button with every prop on the Controls panel. */
export const Playground: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Run tests' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Every variant, at every size. */
export const Variants: Story = {
  parameters: { controls: { exclude: ['variant', 'size', 'children', 'iconOnly'] } },
  render: (args) => (
    <Stack>
      {SIZES.map((size) => (
        <Row key={size}>
          {VARIANTS.map((variant) => (
            <Button key={variant} {...args} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
        </Row>
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(VARIANTS.length * SIZES.length);
    await expect(canvas.getByRole('button', { name: 'danger lg' })).toHaveClass('ns-btn--danger', 'ns-btn--lg');
  },
};

/** With an icon before the text, and icon-only (named by `aria-label`) at every size: square 26, 32 and 40px. */
export const WithIcon: Story = {
  parameters: { controls: { exclude: ['icon', 'iconOnly'] } },
  render: (args) => (
    <Stack>
      <Row>
        <Button {...args} icon={<Icon name="play" />}>
          Run
        </Button>
      </Row>
      {SIZES.map((size) => (
        <Row key={size}>
          <Button
            variant="ghost"
            size={size}
            iconOnly
            aria-label={`Refresh ${size}`}
            icon={<Icon name="arrow-path" />}
          />
          <Button variant="danger" size={size} iconOnly aria-label={`Delete ${size}`} icon={<Icon name="trash" />} />
        </Row>
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Run' })).not.toHaveClass('ns-btn--icon');
    for (const [size, side] of [
      ['sm', 26],
      ['md', 32],
      ['lg', 40],
    ] as const) {
      for (const name of [`Refresh ${size}`, `Delete ${size}`]) {
        const button = canvas.getByRole('button', { name });
        await expect(button).toHaveClass('ns-btn--icon');
        const box = button.getBoundingClientRect();
        await expect([box.width, box.height]).toEqual([side, side]);
      }
    }
  },
};

/** `loading` shows a spinner, sets `aria-busy` and swallows clicks. */
export const Loading: Story = {
  args: { loading: true, children: 'Saving' },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** A disabled button. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Run tests' })).toBeDisabled();
  },
};
