import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { storyHost } from '../../storybook/index.js';
import { Badge, Button, Callout, Field, Input, Row, Stack, Surface, Switch, Title } from '../../components/index.js';
import { usePermission, usePermissions, useSettings } from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

type RadarSettings = { command: string; watch: boolean };

/** The card's settings, live, saved through `settings.set`. */
function SettingsForm() {
  const { values, hasSecret, set, open, pending, error } = useSettings<RadarSettings>();
  return (
    <Surface>
      <Stack>
        <Title as="h3">Settings</Title>
        <Field label="Test command">
          <Input value={values.command} onChange={(event) => void set({ command: event.target.value })} />
        </Field>
        <Switch checked={values.watch} onCheckedChange={(watch) => void set({ watch })}>
          Run on save
        </Switch>
        <Row>
          <Badge tone={hasSecret('token') ? 'success' : 'warning'} data-testid="token">
            GitHub token {hasSecret('token') ? 'set' : 'missing'}
          </Badge>
          <Button size="sm" variant="outline" loading={pending} onClick={() => void open()}>
            Open the app's settings
          </Button>
        </Row>
        {error ? (
          <Callout tone="danger" role="alert">
            {error.code}: {error.message}
          </Callout>
        ) : null}
      </Stack>
    </Surface>
  );
}

/** Every declared permission and whether it is granted; optional ones can be asked for. */
function PermissionList() {
  const { permissions, request, error } = usePermissions();
  return (
    <Surface>
      <Stack>
        <Title as="h3">Permissions</Title>
        {permissions.map((permission) => (
          <Row key={permission.id}>
            <Badge tone={permission.granted ? 'success' : 'default'} data-testid={permission.id}>
              {permission.id}: {permission.granted ? 'granted' : 'not granted'}
            </Badge>
            {!permission.granted && permission.optional ? (
              <Button size="sm" onClick={() => void request(permission.id)}>
                Ask for {permission.id}
              </Button>
            ) : null}
          </Row>
        ))}
        {error ? (
          <Callout tone="danger" role="alert">
            {error.code}: {error.message}
          </Callout>
        ) : null}
      </Stack>
    </Surface>
  );
}

/** One permission: granted? and `request()`. */
function CopyButton() {
  const clipboard = usePermission('clipboard.write');
  return (
    <Stack>
      <Badge tone={clipboard.granted ? 'success' : 'warning'} data-testid="clipboard">
        clipboard.write {clipboard.granted ? 'granted' : 'not granted'}
      </Badge>
      <Button onClick={() => void clipboard.request()} disabled={clipboard.granted} loading={clipboard.pending}>
        Allow copying
      </Button>
      {clipboard.error ? (
        <Callout tone="danger" role="alert">
          {clipboard.error.code}
        </Callout>
      ) : null}
    </Stack>
  );
}

const meta = {
  title: 'Hooks/Settings and permissions',
  component: SettingsForm,
  parameters: { neurosquad: { ...demoHost(), grant: undefined } },
} satisfies Meta<typeof SettingsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `useSettings`: edits are saved to the host; the app's changes (`settings.changed`) show at once. */
export const EditSettings: Story = {
  parameters: { covers: ['useSettings'] },
  play: async ({ canvas, userEvent, id }) => {
    const { host } = await storyHost({ id });
    await expect(canvas.getByRole('textbox', { name: 'Test command' })).toHaveValue('npm test');
    await userEvent.click(canvas.getByRole('switch', { name: 'Run on save' }));
    await waitFor(() => expect(host.hostContext.settings.values.watch).toBe(true));
    host.setSettings({ command: 'pnpm vitest' });
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Test command' })).toHaveValue('pnpm vitest'));
    host.setSecret('token', 'ghp_story');
    await waitFor(() => expect(canvas.getByTestId('token')).toHaveTextContent('set'));
  },
};

/** `usePermissions`: the declared list; the optional `clipboard.write` is asked for and granted. */
export const AskForAPermission: Story = {
  parameters: { controls: { disable: true }, covers: ['usePermissions'] },
  render: () => <PermissionList />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByTestId('agents.read')).toHaveTextContent('granted');
    await expect(canvas.getByTestId('clipboard.write')).toHaveTextContent('not granted');
    await userEvent.click(canvas.getByRole('button', { name: 'Ask for clipboard.write' }));
    await waitFor(() => expect(canvas.getByTestId('clipboard.write')).toHaveTextContent(/: granted/));
  },
};

/** `usePermission`: asking off screen fails with NOT_VISIBLE, which the hook reports. */
export const OnePermission: Story = {
  parameters: { controls: { disable: true }, covers: ['usePermission'] },
  render: () => <CopyButton />,
  play: async ({ canvas, userEvent, id }) => {
    const { host } = await storyHost({ id });
    host.setVisibility('hidden');
    await userEvent.click(canvas.getByRole('button', { name: 'Allow copying' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('NOT_VISIBLE');
    host.setVisibility('visible');
    await userEvent.click(canvas.getByRole('button', { name: 'Allow copying' }));
    await waitFor(() => expect(canvas.getByTestId('clipboard')).toHaveTextContent('clipboard.write granted'));
  },
};
