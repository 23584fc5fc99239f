import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { mockHostParameters, storyHost, useStoryHost } from '../../storybook/index.js';
import { Button, Callout, Field, Muted, Row, Stack, Surface, Textarea } from '../../components/index.js';
import { useStorage } from '../../hooks/index.js';
import { demoHost } from '../support/fixtures.js';

/** Notes kept in the card's storage; “Reload card” opens a new frame on the same host. */
function Notes({ storageKey, scope }: { storageKey: string; scope: 'instance' | 'package' }) {
  const [notes, setNotes, { loading, error }] = useStorage(storageKey, '', { scope });
  const { frame, reload } = useStoryHost();
  return (
    <Surface>
      <Stack>
        <Field label="Notes" hint={`Stored under “${storageKey}” (${scope} scope)`}>
          <Textarea value={notes} disabled={loading} onChange={(event) => void setNotes(event.target.value)} />
        </Field>
        {error ? (
          <Callout tone="danger" role="alert">
            {error.code}: {error.message}
          </Callout>
        ) : null}
        <Row>
          <Button onClick={() => void reload()}>Reload card</Button>
          <Muted data-testid="frame">frame {frame}</Muted>
        </Row>
      </Stack>
    </Surface>
  );
}

const meta = {
  title: 'Hooks/useStorage',
  component: Notes,
  args: { storageKey: 'notes', scope: 'instance' },
  argTypes: { scope: { control: 'inline-radio', options: ['instance', 'package'] } },
  parameters: { covers: ['useStorage'], neurosquad: demoHost() },
} satisfies Meta<typeof Notes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type, reload the card: the text survives because it lives in the host's storage. */
export const SurvivesReload: Story = {
  play: async ({ canvas, userEvent, id }) => {
    const { host } = await storyHost({ id });
    const notes = await canvas.findByRole('textbox', { name: 'Notes' });
    await waitFor(() => expect(notes).toBeEnabled());
    await userEvent.type(notes, 'check the login flow');
    await waitFor(() => expect(host.storage.instance.get('notes')).toBe('check the login flow'));
    await userEvent.click(canvas.getByRole('button', { name: 'Reload card' }));
    await waitFor(() => expect(canvas.getByTestId('frame')).toHaveTextContent('frame 2'));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Notes' })).toHaveValue('check the login flow'));
  },
};

/** A value seeded in the host before the card connects is read on mount. */
export const SeededValue: Story = {
  parameters: {
    neurosquad: mockHostParameters({ setup: (host) => void host.storage.instance.set('notes', 'seeded by the story') }),
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Notes' })).toHaveValue('seeded by the story'));
  },
};

/** The package scope is shared by every card of the package. */
export const PackageScope: Story = {
  args: { scope: 'package', storageKey: 'shared-notes' },
  play: async ({ canvas, userEvent, id }) => {
    const { host } = await storyHost({ id });
    const notes = await canvas.findByRole('textbox', { name: 'Notes' });
    await waitFor(() => expect(notes).toBeEnabled());
    await userEvent.type(notes, 'for every radar');
    await waitFor(() => expect(host.storage.package.get('shared-notes')).toBe('for every radar'));
    await expect(host.storage.instance.has('shared-notes')).toBe(false);
  },
};

/** A refused write shows the error and keeps what the user typed on screen; the host keeps its value. */
export const RefusedWrite: Story = {
  parameters: {
    neurosquad: mockHostParameters({
      setup: (host) => {
        host.storage.instance.set('notes', 'kept');
        host.handle('storage.set', () => {
          throw new Error('disk full');
        });
      },
    }),
  },
  play: async ({ canvas, userEvent, id }) => {
    const { host } = await storyHost({ id });
    const notes = await canvas.findByRole('textbox', { name: 'Notes' });
    await waitFor(() => expect(notes).toHaveValue('kept'));
    await userEvent.type(notes, '!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('disk full');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Notes' })).toHaveValue('kept!'));
    await expect(host.storage.instance.get('notes')).toBe('kept');
  },
};
