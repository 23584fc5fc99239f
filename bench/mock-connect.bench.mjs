// createMockHost() + host.connect() on the built package: median of 1,000 after warm-up, next to the floor of
// one MessageChannel round trip measured in the same run (the handshake needs one).
import { performance } from 'node:perf_hooks';
import { createMockHost } from '../dist/testing/index.js';
import { median, writeResult } from './support.mjs';

const WARM_UP = 200;
const RUNS = 1000;

async function mockConnect() {
  const start = performance.now();
  const host = createMockHost();
  const card = await host.connect({ theme: false, syncLang: false, forwardErrors: false });
  const elapsed = performance.now() - start;
  card.close();
  host.close();
  return elapsed;
}

async function roundTrip() {
  const start = performance.now();
  const { port1, port2 } = new MessageChannel();
  port2.onmessage = (event) => port2.postMessage(event.data);
  await new Promise((resolve) => {
    port1.onmessage = resolve;
    port1.postMessage({ ns: 'nscard', v: 1, kind: 'req', id: 1, method: 'host.ready', params: {} });
  });
  const elapsed = performance.now() - start;
  port1.close();
  port2.close();
  return elapsed;
}

async function measure(fn) {
  for (let i = 0; i < WARM_UP; i += 1) await fn();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) times.push(await fn());
  return {
    medianMs: Number(median(times).toFixed(4)),
    p95Ms: Number(times.sort((a, b) => a - b)[Math.floor(RUNS * 0.95)].toFixed(4)),
  };
}

const baseline = await measure(roundTrip);
const mock = await measure(mockConnect);
const result = {
  runs: RUNS,
  mockConnect: mock,
  messageChannelRoundTrip: baseline,
  overRoundTripMs: Number((mock.medianMs - baseline.medianMs).toFixed(4)),
  node: process.version,
};
console.log(
  `createMockHost()+connect(): median ${mock.medianMs} ms (p95 ${mock.p95Ms} ms); ` +
    `one MessageChannel round trip: median ${baseline.medianMs} ms`,
);
writeResult('mock-connect', result);
