// Storybook preset for the Host panel: the manager entry (the panel) and the kit's styles it is drawn with.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Adds the panel to the manager bundle. */
export const managerEntries = (entries: string[] = []): string[] => [
  ...entries,
  fileURLToPath(new URL('./manager.tsx', import.meta.url)),
];

/** The kit's sheet (ui.css) and the panel's layout, inlined into the manager page the panel renders in. */
export const managerHead = (head = ''): string => {
  const sheets = ['../../src/ui.css', './host-panel.css'].map((file) =>
    readFileSync(new URL(file, import.meta.url), 'utf8'),
  );
  return `${head}\n<style data-neurosquad-host-panel>\n${sheets.join('\n')}\n</style>`;
};
