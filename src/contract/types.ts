// Data shapes of the card contract, one file per namespace under `types/`; import them from here.
export type * from './constants.js';
export type * from './permissions.js';
export type * from './theme.js';
export type * from './types/json.js';
export type * from './types/i18n.js';
export type * from './types/ports.js';
export type * from './types/context.js';
export type * from './types/agents.js';
export type * from './types/tools.js';
export type * from './types/ui.js';
export type * from './types/host.js';
export type * from './types/storage.js';
export type * from './types/net.js';
export type * from './types/fs.js';
export type * from './types/manifest.js';
