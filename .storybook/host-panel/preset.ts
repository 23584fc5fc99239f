// Storybook preset for the Host panel: the manager entry (the panel) and the preview side (the bridge).
import { fileURLToPath } from 'node:url';

/** Adds the panel to the manager bundle. */
export const managerEntries = (entries: string[] = []): string[] => [
  ...entries,
  fileURLToPath(new URL('./manager.tsx', import.meta.url)),
];
