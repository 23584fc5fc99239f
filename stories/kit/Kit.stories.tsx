import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DEFAULT_THEME, LIGHT_THEME } from '../../src/index.js';
import { Badge, Button, Kit, Muted, Row, Surface, Title } from '../../components/index.js';

const meta = {
  title: 'Kit/Kit',
  component: Kit,
  args: { children: undefined },
  argTypes: { theme: { control: false } },
} satisfies Meta<typeof Kit>;

export default meta;
type Story = StoryObj<typeof meta>;

function Sample() {
  return (
    <Surface>
      <Row>
        <Title as="h3">Test radar</Title>
        <Badge tone="success">passing</Badge>
      </Row>
      <Muted>Last run 2 minutes ago.</Muted>
      <Row>
        <Button variant="primary">Run</Button>
        <Button variant="outline">Settings</Button>
      </Row>
    </Surface>
  );
}

/** The kit root on the host's live theme (switch Theme on the toolbar). */
export const HostTheme: Story = {
  render: (args) => (
    <Kit {...args}>
      <Sample />
    </Kit>
  ),
};

/** `theme` applies a theme to one subtree: dark and light side by side. */
export const BothThemes: Story = {
  // The story renders fixed content: no control would change it.
  parameters: { controls: { disable: true } },
  render: () => (
    <Row style={{ alignItems: 'stretch' }}>
      <Kit theme={DEFAULT_THEME} data-testid="dark" style={{ minHeight: 0, padding: 12 }}>
        <Sample />
      </Kit>
      <Kit theme={LIGHT_THEME} data-testid="light" style={{ minHeight: 0, padding: 12 }}>
        <Sample />
      </Kit>
    </Row>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('light')).toHaveAttribute('data-ns-scheme', 'light');
    await expect(canvas.getByTestId('dark')).toHaveAttribute('data-ns-scheme', 'dark');
  },
};
