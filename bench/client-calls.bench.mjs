// Client request cost on the built package: median time of 1,000 sequential card.call() round trips to the mock
// host, next to the floor of raw MessageChannel round trips measured in the same run; plus how many host calls
// 1,000 rapid card.setStatus() calls become (the chrome lane folds them).
import { performance } from 'node:perf_hooks';
import { createMockHost } from '../dist/testing/index.js';
import { median, writeResult } from './support.mjs';

const WARM_UP = 200;
const RUNS = 1000;

async function measure(fn) {
  for (let i = 0; i < WARM_UP; i += 1) await fn();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return Number(median(times).toFixed(4));
}

const { port1, port2 } = new MessageChannel();
port2.onmessage = (event) => port2.postMessage(event.data);
let answer = null;
port1.onmessage = () => answer?.();
const rawRoundTrip = () =>
  new Promise((resolve) => {
    answer = resolve;
    port1.postMessage({ ns: 'nscard', v: 1, kind: 'req', id: 1, method: 'card.getInfo', params: {} });
  });

const host = createMockHost();
const card = await host.connect({ theme: false, syncLang: false, forwardErrors: false });
const baselineMs = await measure(rawRoundTrip);
const callMs = await measure(() => card.call('card.getInfo'));

const before = host.calls.filter((call) => call.method === 'card.setStatus').length;
await Promise.all(Array.from({ length: 1000 }, (_, i) => card.setStatus(`step ${i}`)));
const statusCalls = host.calls.filter((call) => call.method === 'card.setStatus').length - before;

card.close();
host.close();
port1.close();
port2.close();

const result = {
  runs: RUNS,
  cardCallMedianMs: callMs,
  messageChannelRoundTripMedianMs: baselineMs,
  overRoundTripMs: Number((callMs - baselineMs).toFixed(4)),
  setStatusCalls: 1000,
  setStatusSentToHost: statusCalls,
  node: process.version,
};
console.log(
  `card.call('card.getInfo'): median ${callMs} ms; raw MessageChannel round trip: median ${baselineMs} ms; ` +
    `1000 setStatus calls → ${statusCalls} host calls`,
);
writeResult('client-calls', result);
