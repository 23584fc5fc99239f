import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SDK package this CLI belongs to: a checkout (src/cli) or an installed package (dist/cli.js). */
export interface SdkPackage {
  root: string;
  name: string;
  version: string;
}

const SDK_NAME = '@neurosquad/card-sdk';

/** Finds the SDK package root by walking up from a file (default: this module) to its package.json. */
export function sdkPackage(from: string = fileURLToPath(import.meta.url)): SdkPackage {
  let folder = dirname(from);
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === SDK_NAME && typeof pkg.version === 'string')
        return { root: folder, name: pkg.name, version: pkg.version };
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`cannot find the ${SDK_NAME} package around ${from}`);
    folder = parent;
  }
}

/** The file name `npm pack` gives the SDK tarball: neurosquad-card-sdk-<version>.tgz. */
export function sdkTarballName(version: string): string {
  return `neurosquad-card-sdk-${version}.tgz`;
}
