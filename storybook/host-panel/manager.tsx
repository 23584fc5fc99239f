// Registers the Host panel in the Storybook manager.
import React from 'react';
import { addons, types } from 'storybook/manager-api';
import { HostPanel } from './HostPanel.js';
import { HOST_PANEL_ADDON_ID, HOST_PANEL_ID } from './protocol.js';

// Storybook bundles manager entries with the classic JSX transform (`React.createElement` in scope); the kit's
// components are written for the automatic runtime and import nothing named React, so the panel provides it.
const scope = globalThis as { React?: typeof React };
scope.React ??= React;

addons.register(HOST_PANEL_ADDON_ID, () => {
  addons.add(HOST_PANEL_ID, {
    type: types.PANEL,
    title: 'Host',
    match: ({ viewMode }) => viewMode === 'story',
    render: ({ active }) => <HostPanel active={Boolean(active)} />,
  });
});
