import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge, Mono, Muted, Row, Scroll, Spread, Stack, Subtitle, Surface, Title } from '../../components/index.js';

const meta = {
  title: 'Kit/Layout and text',
  component: Surface,
  subcomponents: { Stack, Row, Spread, Scroll, Title, Subtitle, Muted, Mono },
  args: { inset: false },
} satisfies Meta<typeof Surface>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A surface holding the text styles. */
export const Text: Story = {
  render: (args) => (
    <Surface {...args}>
      <Stack>
        <Subtitle>Last run</Subtitle>
        <Title>12 tests, 2 failing</Title>
        <Muted>Finished 2 minutes ago</Muted>
        <Mono>npm test -- --reporter=dot</Mono>
      </Stack>
    </Surface>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: '12 tests, 2 failing' })).toHaveClass('ns-title');
  },
};

/** The inset surface. */
export const Inset: Story = { ...Text, args: { inset: true } };

/** Stack (column), Row and Spread (space between). */
export const Rows: Story = {
  // The story renders fixed content: no control would change it.
  parameters: { controls: { disable: true } },
  render: () => (
    <Stack>
      <Row>
        <Badge>one</Badge>
        <Badge>two</Badge>
        <Badge>three</Badge>
      </Row>
      <Spread>
        <span>auth › logs in</span>
        <Badge tone="danger">failed</Badge>
      </Spread>
    </Stack>
  ),
};

/** A scrolling region with a fixed height. */
export const Scrolling: Story = {
  // The story renders fixed content: no control would change it.
  parameters: { controls: { disable: true } },
  render: () => (
    <Scroll style={{ height: 140 }} tabIndex={0} aria-label="Test log">
      <Stack>
        {Array.from({ length: 30 }, (_, i) => (
          <Mono key={i}>✓ test {i + 1} passed</Mono>
        ))}
      </Stack>
    </Scroll>
  ),
  play: async ({ canvas }) => {
    const region = canvas.getByLabelText('Test log');
    await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
  },
};
