import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import '../src/ui.css';
import { DEFAULT_THEME } from '../src/contract/theme.js';
import { LIGHT_THEME } from '../src/contract/theme-light.js';
import { DevHost } from './DevHost.js';
import { createDevMockHost } from './host/dev-mock-host.js';
import { createHostDialogs } from './host/host-dialogs.js';

const manifest = {
  manifestVersion: 1,
  protocol: 1,
  name: 'a11y-card',
  displayName: 'A11y card',
  version: '1.0.0',
  entry: 'index.html',
  card: { defaultSize: { w: 320, h: 200 } },
  permissions: ['agents.read', { id: 'cards.connected', optional: true }],
  settings: [
    { key: 'label', type: 'string', label: 'Label', default: 'hi' },
    { key: 'on', type: 'boolean', label: 'On', default: true },
    { key: 'token', type: 'secret', label: 'Token' },
  ],
  ports: { inputs: [{ id: 'notes', label: 'Notes', type: 'ns:text' }] },
  tools: [{ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object' } }],
};

const checked = new Set<string>();
const violationsOf = async (root: Element) => {
  const result = await axe.run(root);
  for (const pass of result.passes) checked.add(pass.id);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('the dev host page in Chromium (axe, contrast included)', () => {
  it.each([
    ['dark', DEFAULT_THEME],
    ['light', LIGHT_THEME],
  ] as const)('has no violations on any tab in the %s theme, nor with a dialog open', async (_name, theme) => {
    checked.clear();
    const dialogs = createHostDialogs();
    const host = createDevMockHost(manifest, dialogs);
    host.setTheme(theme);
    const card = await host.connect();
    await card.setTitle('Checked');
    await card.setStatus('Working', { tone: 'success' });
    await card.setBadge(2);
    await card.setOverview({ primary: 'Half', progress: 0.5 });
    await card.attention('info', 'Look here');
    host.setAgents([{ id: 'a1', name: 'Coder', harness: 'claude-code', kind: 'ai', status: 'idle', connected: true }]);
    const { container } = render(
      <DevHost host={host} dialogs={dialogs}>
        <p>card content</p>
      </DevHost>,
    );
    const user = userEvent.setup();
    for (const tab of ['Tools', 'Ports', 'Agents', 'Peers', 'Settings', 'Permissions', 'App', 'Records']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect([tab, ...(await violationsOf(container))]).toEqual([tab]);
    }
    // Left open: closing the card below rejects it, which is what the card would see.
    card.ui.confirm({ title: 'Sure?', message: 'Really.' }).catch(() => undefined);
    await screen.findByRole('dialog', { name: 'Sure?' });
    expect(await violationsOf(container)).toEqual([]);
    // The runs looked at colours, names and the dialog for real.
    expect([...checked]).toEqual(
      expect.arrayContaining(['color-contrast', 'button-name', 'aria-dialog-name', 'label']),
    );
    card.close();
  });
});
