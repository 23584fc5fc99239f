import type { ReactElement } from 'react';
import type { PanelHost } from '../host/panel-host.js';
import type { FrameFinding } from '../host/frame-findings.js';
import type { PanelNetwork } from '../host/net-forwarding.js';
import { AgentsPanel } from './AgentsPanel.js';
import { AppPanel } from './AppPanel.js';
import { PeersPanel } from './PeersPanel.js';
import { PermissionsPanel } from './PermissionsPanel.js';
import { PortsPanel } from './PortsPanel.js';
import { RecordsPanel } from './RecordsPanel.js';
import { SettingsPanel } from './SettingsPanel.js';
import { Tabs } from './Tabs.js';
import { ToolsPanel } from './ToolsPanel.js';

/** Props of `ControlPanel`. */
export interface ControlPanelProps {
  host: PanelHost;
  /** What the card frame reported (sandbox refusals, uncaught errors). */
  findings?: readonly FrameFinding[];
  /** Reloads the card frame; the App tab offers it when given. */
  onReload?: () => void;
  /** The dev server's network (the dev page; absent in tests of the panel alone). */
  network?: PanelNetwork;
  /** Added to the panel's own class (where it sits: beside the card, in a drawer, in Storybook's Host panel). */
  className?: string;
}

/** The panel beside the card that drives the host like the app and its user would. */
export function ControlPanel({ host, findings, onReload, network, className }: ControlPanelProps): ReactElement {
  return (
    <aside className={className ? `ns-dev-panel ${className}` : 'ns-dev-panel'} aria-label="Host controls">
      <Tabs
        label="Controls"
        tabs={[
          { name: 'Tools', panel: () => <ToolsPanel host={host} /> },
          { name: 'Ports', panel: () => <PortsPanel host={host} /> },
          { name: 'Agents', panel: () => <AgentsPanel host={host} /> },
          { name: 'Peers', panel: () => <PeersPanel host={host} /> },
          { name: 'Settings', panel: () => <SettingsPanel host={host} network={network} /> },
          { name: 'Permissions', panel: () => <PermissionsPanel host={host} /> },
          { name: 'App', panel: () => <AppPanel host={host} onReload={onReload} /> },
          { name: 'Records', panel: () => <RecordsPanel host={host} findings={findings} network={network?.records} /> },
        ]}
      />
    </aside>
  );
}
