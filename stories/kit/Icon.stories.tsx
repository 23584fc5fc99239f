import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CARD_ICONS } from '../../src/index.js';
import { Icon, Mono, Stack } from '../../components/index.js';

const meta = {
  title: 'Kit/Icon',
  component: Icon,
  args: { name: 'rocket-launch', size: 24, label: 'Launch' },
  argTypes: { name: { control: 'select', options: CARD_ICONS } },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A named icon is an image; without `label` it is decorative. */
export const Playground: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Launch' })).toHaveAttribute('data-icon', 'rocket-launch');
  },
};

/** Every icon name that `setOverview` and menu items accept. */
export const AllIcons: Story = {
  parameters: { controls: { exclude: ['name', 'label'] } },
  args: { label: undefined },
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}>
      {CARD_ICONS.map((name) => (
        <Stack key={name} style={{ alignItems: 'center' }}>
          <Icon {...args} name={name} />
          <Mono>{name}</Mono>
        </Stack>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('svg[data-icon]')).toHaveLength(CARD_ICONS.length);
  },
};
