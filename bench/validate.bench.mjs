// Value validation on the built package: checking the largest common port values against their schemas,
// next to JSON.stringify of the same value in the same run (every message is serialized once anyway).
import { performance } from 'node:perf_hooks';
import { PORT_TYPE_SCHEMAS, validateManifest, validateValue } from '../dist/index.js';
import { median, writeResult } from './support.mjs';

const WARM_UP = 50;
const RUNS = 300;

function measure(fn) {
  for (let i = 0; i < WARM_UP; i += 1) fn();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(4));
}

const tasks = Array.from({ length: 200 }, (_v, i) => ({
  text: `task ${i} ${'x'.repeat(80)}`,
  id: `t${i}`,
  status: 'pending',
}));
const table = {
  columns: Array.from({ length: 16 }, (_v, i) => `column ${i}`),
  rows: Array.from({ length: 2000 }, (_v, r) =>
    Array.from({ length: 16 }, (_w, c) => (c % 2 ? r * c : `cell ${r}:${c}`)),
  ),
};
const manifest = {
  manifestVersion: 1,
  name: 'bench-card',
  displayName: { en: 'Bench', ru: 'Бенч', zh: '基准' },
  version: '1.0.0',
  protocol: 1,
  permissions: ['agents.read', { id: 'network', hosts: ['api.github.com', '*.example.com'] }],
  settings: Array.from({ length: 20 }, (_v, i) => ({
    key: `s${i}`,
    type: 'string',
    label: `Setting ${i}`,
    default: 'x',
  })),
  ports: {
    inputs: Array.from({ length: 8 }, (_v, i) => ({ id: `in${i}`, label: `In ${i}`, type: 'ns:text' })),
    outputs: Array.from({ length: 8 }, (_v, i) => ({
      id: `out${i}`,
      label: `Out ${i}`,
      type: 'ns:tasks',
      retain: true,
    })),
  },
  tools: Array.from({ length: 8 }, (_v, i) => ({
    name: `tool_${i}`,
    description: 'Does a thing.',
    inputSchema: { type: 'object', properties: { a: { type: 'string', maxLength: 100 }, b: { enum: [1, 2, 3] } } },
  })),
};

const cases = {
  tasks200: {
    validate: () => validateValue(PORT_TYPE_SCHEMAS['ns:tasks'], tasks),
    baseline: () => JSON.stringify(tasks),
  },
  table2000x16: {
    validate: () => validateValue(PORT_TYPE_SCHEMAS['ns:table'], table),
    baseline: () => JSON.stringify(table),
  },
  manifest: { validate: () => validateManifest(manifest), baseline: () => JSON.stringify(manifest) },
};

for (const { validate } of Object.values(cases)) {
  const outcome = validate();
  if (Array.isArray(outcome) ? outcome.length > 0 : !outcome.ok)
    throw new Error(`bench input is invalid: ${JSON.stringify(outcome)}`);
}

const result = { runs: RUNS, node: process.version };
for (const [name, { validate, baseline }] of Object.entries(cases)) {
  const validateMs = measure(validate);
  const stringifyMs = measure(baseline);
  result[name] = { validateMs, stringifyMs, ratio: Number((validateMs / stringifyMs).toFixed(2)) };
  console.log(
    `${name}: validate median ${validateMs} ms; JSON.stringify median ${stringifyMs} ms (×${result[name].ratio})`,
  );
}
writeResult('validate', result);
