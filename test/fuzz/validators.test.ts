// @vitest-environment node
// Seeded fuzzing of the manifest, schema and value validators: mutated manifests, schemas and values always get
// a list of issues with a path and a message (or a normalized manifest), never a throw. Their input is parsed JSON
// or a structured clone, so the junk is too (no proxies or getters). FUZZ_RUNS sets the size.
import { describe, expect, it } from 'vitest';
import { validateManifest } from '../../src/contract/manifest.js';
import { methodParamsTable } from '../../src/contract/method-params.js';
import { validateValue } from '../../src/contract/schema.js';
import { checkSchema } from '../../src/contract/schema-check.js';
import { validateSettingsValues } from '../../src/contract/settings-values.js';
import type { JsonSchema } from '../../src/contract/types.js';
import { README_MANIFEST, SUMMARISER_MANIFEST } from '../../src/testing/fixtures.js';
import { CLEAN, describe as show, fuzzSurface, problems, TIMEOUT_MS, type Report } from './harness.js';
import { cloneable, mutateDeep } from './junk.js';
import { sample } from './samples.js';

const SCHEMAS: JsonSchema[] = [
  ...Object.values(methodParamsTable()),
  {
    type: 'object',
    properties: { a: { type: 'string', format: 'email' }, b: { $ref: '#/$defs/n' } },
    $defs: { n: { type: 'array', items: { anyOf: [{ type: 'integer' }, { $ref: '#' }] }, uniqueItems: true } },
    required: ['a'],
  },
];

/** Reports a list that is not issues with a string path (or setting key) and message. */
function checkIssues(report: Report, where: string, issues: unknown, at: 'path' | 'key' = 'path'): void {
  if (!Array.isArray(issues)) return report.crash(`${where} gave ${show(issues)}`);
  for (const issue of issues as Array<Record<string, unknown>>) {
    if (typeof issue?.[at] !== 'string' || typeof issue.message !== 'string') {
      return report.uncoded(`${where} issue ${show(issue)}`);
    }
  }
}

describe('fuzz: validators', () => {
  it(
    'validateManifest answers every mutated manifest with issues or a normalized manifest',
    async () => {
      const tally = await fuzzSurface('manifest validator', 6, (random, report) => {
        const base = random.int(2) ? README_MANIFEST : SUMMARISER_MANIFEST;
        const input = random.int(8) === 0 ? cloneable(random) : mutateDeep(random, base, 0, cloneable);
        const result = validateManifest(input);
        if (result.ok) {
          if (typeof result.manifest?.name !== 'string') report.crash(`accepted without a name: ${show(result)}`);
        } else checkIssues(report, 'validateManifest', result.issues);
        checkIssues(report, 'validateManifest warnings', result.warnings);
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );

  it(
    'checkSchema and validateValue answer every mutated schema and value with issues',
    async () => {
      const tally = await fuzzSurface('schema and value validators', 7, (random, report) => {
        const schema = random.pick(SCHEMAS);
        const mutated = mutateDeep(random, schema, 0, cloneable);
        const schemaIssues = checkSchema(mutated);
        checkIssues(report, 'checkSchema', schemaIssues);
        const value = random.int(2) ? mutateDeep(random, sample(schema, random), 0, cloneable) : cloneable(random);
        checkIssues(report, 'validateValue', validateValue(schema, value));
        // A card's schema is used once checkSchema has passed it.
        if (schemaIssues.length === 0) {
          checkIssues(report, 'validateValue on a mutated schema', validateValue(mutated as JsonSchema, value));
        }
        const settings = README_MANIFEST.settings ?? [];
        const values = random.int(2) ? { command: cloneable(random) } : cloneable(random);
        checkIssues(report, 'validateSettingsValues', validateSettingsValues(settings, values), 'key');
      });
      expect(problems(tally)).toEqual(CLEAN);
    },
    TIMEOUT_MS,
  );
});
