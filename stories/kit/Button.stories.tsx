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

/** With an icon before the text, and icon-only (named by `aria-label`). */
export const WithIcon: Story = {
  render: (args) => (
    <Row>
      <Button {...args} icon={<Icon name="play" />}>
        Run
      </Button>
      <Button variant="ghost" iconOnly aria-label="Refresh" icon={<Icon name="arrow-path" />} />
      <Button variant="danger" size="sm" iconOnly aria-label="Delete" icon={<Icon name="trash" />} />
    </Row>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Refresh' })).toHaveClass('ns-btn--icon');
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeVisible();
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
