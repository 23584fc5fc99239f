// The dev host's window: the card framed as the app frames it, its toasts and dialogs, and the control panel.
import type { ReactElement, ReactNode } from 'react';
import { Kit } from '../components/index.js';
import type { MockHost } from '../src/testing/index.js';
import { HostCardFrame } from './frame/HostCardFrame.js';
import type { FrameFinding } from './host/frame-findings.js';
import type { HostDialogs } from './host/host-dialogs.js';
import { useHostVersion } from './host/use-host.js';
import { HostDialogView } from './overlay/HostDialogView.js';
import { Toasts } from './overlay/Toasts.js';
import type { PanelNetwork } from './host/net-forwarding.js';
import { ControlPanel } from './panel/ControlPanel.js';
import './dev-host.css';

/** Props of `DevHost`. */
export interface DevHostProps {
  host: MockHost;
  /** The dialogs the host's confirmations and permission requests open. */
  dialogs: HostDialogs;
  /** The card: the sandboxed iframe (or, in a test, anything standing in for it). */
  children: ReactNode;
  /** What the card frame reported. */
  findings?: readonly FrameFinding[];
  /** Shown above the card (the build-failure banner). */
  banner?: ReactNode;
  /** Where the card comes from (the folder), shown in the header. */
  source?: string;
  /** Reloads the card frame. */
  onReload?: () => void;
  /** The dev server's network: its records and the secrets it holds (without it, secrets stay in the host). */
  network?: PanelNetwork;
}

/** The whole dev host page around one card, themed like the app (the host's theme). */
export function DevHost({
  host,
  dialogs,
  children,
  findings,
  banner,
  source,
  onReload,
  network,
}: DevHostProps): ReactElement {
  const version = useHostVersion(host);
  return (
    <Kit theme={host.context.theme} className="ns-dev-page">
      <header className="ns-dev-header">
        <h1 className="ns-dev-header__title">neurosquad-card dev</h1>
        <span className="ns-muted ns-truncate">
          {host.manifest.name} {host.manifest.version}
          {source ? ` · ${source}` : ''}
        </span>
      </header>
      <main className="ns-dev-layout">
        <div className="ns-dev-stage">
          {banner}
          <HostCardFrame host={host}>{children}</HostCardFrame>
          <Toasts host={host} version={version} />
        </div>
        <ControlPanel host={host} findings={findings} onReload={onReload} network={network} />
      </main>
      <HostDialogView host={host} dialogs={dialogs} />
    </Kit>
  );
}
