#!/usr/bin/env node
// The public surface of every entry, as API Extractor reports under api/ (one `<entry>.api.md` each, committed).
// `npm run api:update` rewrites them after a deliberate change; `npm test` runs this without `--update` and fails
// when an entry's exports or signatures differ from its committed report. The declarations are emitted fresh
// (tsconfig.build.json) into node_modules/.cache/api-report, so neither needs a build.
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const update = process.argv.includes('--update');
const root = resolve(import.meta.dirname, '..');
// A fixed folder inside the project: reports name declaration files by their path relative to it.
const scratch = join(root, 'node_modules/.cache/api-report');
rmSync(scratch, { recursive: true, force: true });
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Entries with declarations, named for their report: `.` is `index`, `./react` is `react`, … */
const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object' && target.types)
  .map(([entry, target]) => ({
    name: entry === '.' ? 'index' : entry.slice(2).replaceAll('/', '-'),
    types: join(scratch, target.types.replace(/^\.\/dist\/types\//, '')),
  }));

let failed = false;
mkdirSync(join(root, 'api'), { recursive: true });
try {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', scratch],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  for (const entry of entries) {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: root,
        mainEntryPointFilePath: entry.types,
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2022',
              lib: ['ES2023', 'DOM', 'DOM.Iterable'],
              module: 'NodeNext',
              moduleResolution: 'NodeNext',
              jsx: 'react-jsx',
              strict: true,
              skipLibCheck: true,
              types: [],
            },
            files: [entry.types],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: `${entry.name}.api.md`,
          reportFolder: join(root, 'api'),
          reportTempFolder: join(scratch, 'api'),
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          // Release tags (@public, @beta) are not used: every exported name is public.
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.Warning },
            'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
            // Fields and members are documented where they help; the lint and the reviews see to the exports.
            'ae-undocumented': { logLevel: ExtractorLogLevel.None },
            // A type reached through an export but not exported itself is listed in the report instead.
            'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
          },
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        },
      },
      configObjectFullPath: join(root, 'scripts/api-report.mjs'),
      packageJsonFullPath: join(root, 'package.json'),
    });
    const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
    if (result.errorCount > 0 || (!update && !result.succeeded)) {
      failed = true;
      console.error(
        `api: ${entry.name} differs from api/${entry.name}.api.md` +
          (update ? '' : ' (a deliberate change? run npm run api:update and commit the report)'),
      );
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
