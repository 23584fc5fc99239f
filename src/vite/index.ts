// @neurosquad/card-sdk/vite: a Vite plugin that keeps the card's generated declaration file in step with
// neurosquad-card.json (written when the build or the dev server starts, again whenever the manifest changes).
import { join, resolve } from 'node:path';
import { DECLARATIONS_FILE } from '../codegen/card-declarations.js';
import { MANIFEST_FILE } from '../contract/constants.js';
import { generateTypes, type TypesReport } from '../cli/types.js';

/** Which card folder `neurosquadCardTypes` reads and where it writes the declarations. */
export interface CardTypesOptions {
  /** The card folder (default: Vite's `root`). */
  folder?: string;
  /** Where to write, relative to the card folder (default `src/neurosquad-card.d.ts`). */
  out?: string;
}

/** The parts of Vite's resolved config the plugin reads. */
export interface CardTypesConfig {
  root: string;
  command: 'build' | 'serve';
  logger: { info(message: string): void; warn(message: string): void };
}

/** The parts of Vite's dev server the plugin uses: its file watcher. */
export interface CardTypesServer {
  watcher: { add(path: string): unknown; on(event: 'change' | 'add', listener: (path: string) => void): unknown };
}

/** The plugin object (structurally a Vite `Plugin`, so the SDK does not depend on Vite's types). */
export interface CardTypesPlugin {
  name: string;
  configResolved(config: CardTypesConfig): void;
  buildStart(): void;
  configureServer(server: CardTypesServer): void;
}

function describeProblems(report: TypesReport): string {
  return report.errors.map((error) => `  ${error.where}: ${error.message}`).join('\n');
}

/**
 * Regenerates `src/neurosquad-card.d.ts` from the manifest so ports, tools and settings stay typed: on build
 * start (an invalid manifest fails the build) and in the dev server whenever the manifest changes.
 * @example export default defineConfig({ plugins: [react(), neurosquadCardTypes()] })
 */
export function neurosquadCardTypes(options: CardTypesOptions = {}): CardTypesPlugin {
  let config: CardTypesConfig | null = null;
  let folder = '';
  let out = '';
  const generate = (): TypesReport => generateTypes(folder, out);
  return {
    name: 'neurosquad-card-types',
    configResolved(resolved) {
      config = resolved;
      folder = resolve(resolved.root, options.folder ?? '.');
      out = join(folder, options.out ?? DECLARATIONS_FILE);
    },
    buildStart() {
      const report = generate();
      if (report.ok) {
        if (report.changed) config?.logger.info(`neurosquad-card: ${report.file} written`);
        return;
      }
      const message = `neurosquad-card: no types written, ${MANIFEST_FILE} has problems:\n${describeProblems(report)}`;
      // A build must not pass on a broken manifest; the dev server keeps running and says why.
      if (config?.command === 'build') throw new Error(message);
      config?.logger.warn(message);
    },
    configureServer(server) {
      const manifest = join(folder, MANIFEST_FILE);
      server.watcher.add(manifest);
      const onChange = (path: string): void => {
        if (resolve(path) !== manifest) return;
        const report = generate();
        if (!report.ok)
          config?.logger.warn(`neurosquad-card: ${MANIFEST_FILE} has problems:\n${describeProblems(report)}`);
        else if (report.changed) config?.logger.info(`neurosquad-card: ${report.file} updated`);
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
    },
  };
}
