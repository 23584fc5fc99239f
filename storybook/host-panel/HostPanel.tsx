// The Host panel: the dev page's control panel (dev-host/panel/) over a copy of the story's mock host, with the
// host's status above it. Drawn with the card kit (./components over ui.css) in the manager's light or dark scheme.
import React, { useEffect, useRef, useState } from 'react';
import { useChannel, useStorybookState } from 'storybook/manager-api';
import { useTheme, type StorybookTheme } from 'storybook/theming';
import { Badge, Dot, Kit, Muted, Row, Stack, Subtitle } from '../../components/index.js';
import { DEFAULT_THEME, LIGHT_THEME } from '../../src/index.js';
import { ControlPanel } from '../../dev-host/panel/ControlPanel.js';
import {
  HOST_COMMAND_EVENT,
  HOST_COMMAND_RESULT_EVENT,
  HOST_SNAPSHOT_EVENT,
  HOST_SNAPSHOT_REQUEST_EVENT,
  type HostCommandResult,
  type HostSnapshot,
} from './protocol.js';
import { createRemoteHost, type RemoteHost } from './remote-host.js';

/** The kit root in the manager's scheme: light on Storybook's light theme, dark on its dark one. */
function PanelKit({ children, testId }: { children: React.ReactNode; testId?: string }) {
  // Under NodeNext resolution Storybook's augmentation of emotion's Theme is not seen; the value is a StorybookTheme.
  const theme = useTheme() as Partial<StorybookTheme>;
  const kitTheme = theme.base === 'light' ? LIGHT_THEME : DEFAULT_THEME;
  return (
    <Kit theme={kitTheme} className="ns-host-panel ns-pad" data-testid={testId}>
      {children}
    </Kit>
  );
}

/** The host's status line: connected or not, the app state the card runs in, how much it did, the last failure. */
function HostStatus({ snapshot, host, failure }: { snapshot: HostSnapshot; host: RemoteHost; failure: string | null }) {
  const { context, totals } = host.host;
  return (
    <Row className="ns-host-panel__status">
      <Subtitle as="h2">Mock host</Subtitle>
      <Badge tone={snapshot.connected ? 'success' : 'warning'}>
        <Dot tone={snapshot.connected ? 'success' : 'warning'} />
        {snapshot.connected ? `card connected (frame ${snapshot.frame})` : 'connecting…'}
      </Badge>
      <Muted>
        visibility {context.visibility} · language {context.i18n.language} · theme {context.theme.scheme} ·{' '}
        {totals?.calls ?? 0} calls · {totals?.events ?? 0} events
      </Muted>
      {snapshot.error ? (
        <Badge tone="danger" role="alert">
          error: {snapshot.error}
        </Badge>
      ) : null}
      {failure ? (
        <Badge tone="danger" role="status">
          {failure}
        </Badge>
      ) : null}
    </Row>
  );
}

/** The panel body; `active` is false while another addon tab is shown. */
export function HostPanel({ active }: { active: boolean }) {
  const { storyId } = useStorybookState();
  // The story's status and the copy of its host: made from its first snapshot, updated by the next ones.
  const [view, setView] = useState<{ snapshot: HostSnapshot; remote: RemoteHost } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The copies by story, read by the channel's handlers (which Storybook binds once); cleared on a story change.
  const remotes = useRef(new Map<string, RemoteHost>());
  const emit = useChannel({
    [HOST_SNAPSHOT_EVENT]: (next: HostSnapshot) => {
      let remote = remotes.current.get(next.storyId);
      if (remote) remote.update(next.host);
      else {
        remote = createRemoteHost(next.host, {
          send: (command) => emit(HOST_COMMAND_EVENT, { storyId: next.storyId, command }),
          onFailure: (driver, message) => setFailure(`${driver}: ${message}`),
        });
        remotes.current.set(next.storyId, remote);
      }
      setView({ snapshot: next, remote });
    },
    [HOST_COMMAND_RESULT_EVENT]: (result: HostCommandResult) => remotes.current.get(result.storyId)?.settle(result),
  });

  // A new story starts with an empty panel and asks its host for a first snapshot.
  useEffect(() => {
    remotes.current.clear();
    /* eslint-disable react-hooks/set-state-in-effect -- see above */
    setView(null);
    setFailure(null);
    /* eslint-enable react-hooks/set-state-in-effect */
    emit(HOST_SNAPSHOT_REQUEST_EVENT, { storyId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `emit` is Storybook's channel, new each render
  }, [storyId]);

  if (!active) return null;
  if (view?.snapshot.storyId !== storyId) {
    return (
      <PanelKit>
        <Muted>Waiting for the story&apos;s mock host…</Muted>
      </PanelKit>
    );
  }
  const { snapshot, remote } = view;
  return (
    <PanelKit testId="host-panel">
      <Stack>
        <HostStatus snapshot={snapshot} host={remote} failure={failure} />
        <ControlPanel
          host={remote.host}
          className="ns-host-panel__controls"
          onReload={() => {
            // A failed reload is shown by the copy's onFailure.
            remote.reload().catch(() => undefined);
          }}
        />
      </Stack>
    </PanelKit>
  );
}
