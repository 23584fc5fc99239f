// Registers the Host panel in the Storybook manager.
import React from 'react';
import { addons, types } from 'storybook/manager-api';
import { HostPanel } from './HostPanel.js';
import { HOST_PANEL_ADDON_ID, HOST_PANEL_ID } from './protocol.js';

addons.register(HOST_PANEL_ADDON_ID, () => {
  addons.add(HOST_PANEL_ID, {
    type: types.PANEL,
    title: 'Host',
    match: ({ viewMode }) => viewMode === 'story',
    render: ({ active }) => <HostPanel active={Boolean(active)} />,
  });
});
