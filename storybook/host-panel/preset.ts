// Storybook preset for the Host panel (`addons: ['@neurosquad/card-sdk/storybook/preset']`): the manager entry
// (the panel) and the kit's styles it is drawn with. It runs from source in this repository's Storybook and from
// dist/ in a card's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fromSource = import.meta.url.endsWith('.ts');

/** A file beside this preset, as a path. */
const beside = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

/** Adds the panel to the manager bundle. */
export const managerEntries = (entries: string[] = []): string[] => [
  ...entries,
  beside(fromSource ? './manager.tsx' : './manager.js'),
];

/** The kit's sheet (ui.css), the control panel's and the Host panel's layout, inlined into the manager page. */
export const managerHead = (head = ''): string => {
  const files = fromSource
    ? ['../../src/ui.css', '../../dev-host/panel/control-panel.css', './host-panel.css']
    : ['../ui.css', './control-panel.css', './host-panel.css'];
  const sheets = files.map((file) => readFileSync(beside(file), 'utf8'));
  return `${head}\n<style data-neurosquad-host-panel>\n${sheets.join('\n')}\n</style>`;
};
