// A Vite plugin that serves `virtual:neurosquad/hook-reference`: the hook docs read from the sources at build time.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { hookReference } from './hook-reference.js';

/** The module the hook docs pages import. */
const HOOK_REFERENCE_ID = 'virtual:neurosquad/hook-reference';
const RESOLVED_ID = `\0${HOOK_REFERENCE_ID}`;

/** Builds the hook reference from `hooks/index.ts` and the stories under `stories/hooks/` of `root`. */
export function hookReferencePlugin(root: string): Plugin {
  return {
    name: 'neurosquad-hook-reference',
    resolveId: (id) => (id === HOOK_REFERENCE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const hooksDir = path.join(root, 'hooks');
      const storiesDir = path.join(root, 'stories', 'hooks');
      for (const file of readdirSync(hooksDir)) if (file.endsWith('.ts')) this.addWatchFile(path.join(hooksDir, file));
      const stories = readdirSync(storiesDir)
        .filter((file) => file.endsWith('.stories.tsx'))
        .map((file) => {
          this.addWatchFile(path.join(storiesDir, file));
          return { path: `stories/hooks/${file}`, source: readFileSync(path.join(storiesDir, file), 'utf8') };
        });
      return `export default ${JSON.stringify(hookReference(root, 'hooks/index.ts', stories))};`;
    },
  };
}
