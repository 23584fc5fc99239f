import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect } from 'storybook/test';
import { Badge, Dot, List, ListItem } from '../../components/index.js';

const TESTS = [
  { name: 'auth › logs in', tone: 'danger' },
  { name: 'auth › logs out', tone: 'success' },
  { name: 'cart › adds an item', tone: 'success' },
  { name: 'cart › pays', tone: 'warning' },
] as const;

const meta = {
  title: 'Kit/List',
  component: List,
  subcomponents: { ListItem },
  args: { roving: true, 'aria-label': 'Tests' },
} satisfies Meta<typeof List>;

export default meta;
type Story = StoryObj<typeof meta>;

function PickList(props: Parameters<typeof List>[0]) {
  const [picked, setPicked] = useState<string>(TESTS[0].name);
  return (
    <>
      <List {...props}>
        {TESTS.map((test) => (
          <ListItem key={test.name} selected={test.name === picked} onClick={() => setPicked(test.name)}>
            <Dot tone={test.tone} />
            {test.name}
          </ListItem>
        ))}
      </List>
      <p>Picked: {picked}</p>
    </>
  );
}

/** Button rows: one Tab stop, arrows move between rows, the picked row is `aria-current`. */
export const Interactive: Story = {
  render: (args) => <PickList {...args} />,
  play: async ({ canvas, userEvent }) => {
    const rows = canvas.getAllByRole('button');
    await expect(rows[0]).toHaveAttribute('aria-current', 'true');
    await userEvent.tab();
    await expect(rows[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(rows[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(rows[3]).toHaveFocus();
    await expect(rows[1]).toHaveAttribute('tabindex', '-1');
    await userEvent.click(rows[1]);
    await expect(canvas.getByText('Picked: auth › logs out')).toBeVisible();
    await expect(rows[1]).toHaveAttribute('aria-current', 'true');
  },
};

/** Plain rows (no action) and link rows. */
export const PlainAndLinks: Story = {
  render: (args) => (
    <List {...args}>
      <ListItem>
        Plain row <Badge>3</Badge>
      </ListItem>
      <ListItem href="#docs">Open the docs</ListItem>
      <ListItem onClick={() => {}} disabled>
        Disabled button row
      </ListItem>
    </List>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Open the docs' })).toHaveClass('ns-list-item');
    await expect(canvas.getByRole('button', { name: 'Disabled button row' })).toBeDisabled();
  },
};
