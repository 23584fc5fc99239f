// CPU per agent status event and mount time of the React hooks, at 10, 100, 1,000 and 10,000 agents, against
// two hand-written baselines over the same mock host and client, run interleaved in one process:
// - `perRow`: one `useSyncExternalStore` subscription per row over a plain store (a `Map` of agents and a set of
//   listeners), the pattern of the official cards' controllers;
// - `oneContext`: one provider holding a `Map` of agents in React state, each row a `useContext` + `Map` lookup
//   (every row re-renders on every event);
// - `hooks`: `<CardProvider>` with one `useAgentStatus(id)` per row.
// Each row renders one text node. CPU is `process.cpuUsage()` (user + system) over a burst of events, each awaited
// until its row shows the new status; mount is from `root.render` until every row shows the listed status.
// The figure of each contender is the median over interleaved rounds. Writes bench/results/react-render.json.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';
import { median, writeResult } from './support.mjs';

const SIZES = (process.env.REACT_RENDER_BENCH_SIZES ?? '10,100,1000,10000').split(',').map(Number);
/** Events per measured burst, fewer for large lists so the slowest contender stays within seconds. */
const EVENTS = { 10: 1000, 100: 1000, 1000: 500, 10000: 150 };
const ROUNDS = Number(process.env.REACT_RENDER_BENCH_ROUNDS ?? 5);
const STATUSES = ['working', 'needs-input', 'working', 'finished'];

process.env.NODE_ENV = 'production';
const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
Object.assign(globalThis, { window: dom.window, document: dom.window.document });
if (!globalThis.navigator) globalThis.navigator = dom.window.navigator;
globalThis.IS_REACT_ACT_ENVIRONMENT = false;

// Bundle the current sources (React stays external, so the bench and the hooks share one React).
// Inside the project, so the bundle resolves `react` from node_modules.
const outDir = path.resolve('node_modules/.cache/react-render-bench');
await build({
  configFile: false,
  logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir,
    emptyOutDir: true,
    minify: false,
    lib: { entry: { react: 'hooks/index.ts', testing: 'src/testing/index.ts' }, formats: ['es'] },
    rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
  },
});
const hooks = await import(pathToFileURL(path.join(outDir, 'react.js')).href);
const { createMockHost } = await import(pathToFileURL(path.join(outDir, 'testing.js')).href);
const React = await import('react');
const { createRoot } = await import('react-dom/client');
const h = React.createElement;

const agentList = (size) =>
  Array.from({ length: size }, (_, i) => ({
    id: `a${i}`,
    name: `Agent ${i}`,
    harness: 'claude-code',
    kind: 'ai',
    status: 'idle',
    connected: true,
  }));
const manifest = {
  manifestVersion: 1,
  name: 'render-bench',
  displayName: 'Render bench',
  version: '1.0.0',
  protocol: 1,
  entry: 'index.html',
  permissions: ['agents.read'],
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Rows report what they rendered, so the bench knows when an event reached the screen. */
function createProbe() {
  const shown = new Map();
  let renders = 0;
  return {
    shown,
    count: () => renders,
    seen(id, status) {
      renders += 1;
      shown.set(id, status);
    },
  };
}

const row = (id, status) => h('li', null, `${id} ${status}`);
const list = (ids, Row) =>
  h(
    'ul',
    null,
    ids.map((id) => h(Row, { key: id, id })),
  );

function hooksApp(card, probe, ids) {
  function Row({ id }) {
    const status = hooks.useAgentStatus(id) ?? 'unknown';
    probe.seen(id, status);
    return row(id, status);
  }
  return h(hooks.CardProvider, { card }, list(ids, Row));
}

/** A plain store of agents keyed by id: what a card's own controller would hold. */
function createAgentStore(card) {
  const agents = new Map();
  const listeners = new Set();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: (id) => agents.get(id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      let live = true;
      card.agents.list().then((all) => {
        if (!live) return;
        for (const agent of all) agents.set(agent.id, agent);
        notify();
      });
      const off = card.agents.onStatus((event) => {
        const agent = agents.get(event.agentId);
        if (!agent || agent.status === event.status) return;
        agents.set(event.agentId, { ...agent, status: event.status });
        notify();
      });
      return () => {
        live = false;
        off();
      };
    },
  };
}

function perRowApp(card, probe, ids) {
  const store = createAgentStore(card);
  function Row({ id }) {
    const getSnapshot = React.useCallback(() => store.get(id), [id]);
    const status = React.useSyncExternalStore(store.subscribe, getSnapshot)?.status ?? 'unknown';
    probe.seen(id, status);
    return row(id, status);
  }
  function App() {
    React.useEffect(() => store.start(), []);
    return list(ids, Row);
  }
  return h(App);
}

function oneContextApp(card, probe, ids) {
  const Agents = React.createContext(new Map());
  function Provider({ children }) {
    const [agents, setAgents] = React.useState(() => new Map());
    React.useEffect(() => {
      let live = true;
      card.agents.list().then((all) => live && setAgents(new Map(all.map((agent) => [agent.id, agent]))));
      const off = card.agents.onStatus((event) =>
        setAgents((current) => {
          const agent = current.get(event.agentId);
          if (!agent || agent.status === event.status) return current;
          return new Map(current).set(event.agentId, { ...agent, status: event.status });
        }),
      );
      return () => {
        live = false;
        off();
      };
    }, []);
    return h(Agents.Provider, { value: agents }, children);
  }
  function Row({ id }) {
    const status = React.useContext(Agents).get(id)?.status ?? 'unknown';
    probe.seen(id, status);
    return row(id, status);
  }
  return h(Provider, null, list(ids, Row));
}

const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function run(app, size) {
  const agents = agentList(size);
  const ids = agents.map((a) => a.id);
  const host = createMockHost({ manifest, agents });
  const card = await host.connect({ theme: false, syncLang: false, forwardErrors: false });
  const probe = createProbe();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const last = ids.at(-1);
  globalThis.gc?.();

  const mountCpu = process.cpuUsage();
  const mountWall = performance.now();
  root.render(app(card, probe, ids));
  while (probe.shown.get(last) !== 'idle' || !host.subscriptions.has('agents.status')) await tick();
  const mount = { cpuMs: cpuMs(mountCpu), wallMs: performance.now() - mountWall };
  globalThis.gc?.();

  const events = EVENTS[size];
  const rendersBefore = probe.count();
  const eventCpu = process.cpuUsage();
  const eventWall = performance.now();
  for (let i = 0; i < events; i += 1) {
    const id = ids[(i * 37) % size];
    const status = STATUSES[Math.floor(i / size) % STATUSES.length];
    const target = host.agents.find((a) => a.id === id).status === status ? 'idle' : status;
    host.setAgentStatus(id, target);
    while (probe.shown.get(id) !== target) await tick();
  }
  const result = {
    cpuMsPerEvent: cpuMs(eventCpu) / events,
    wallMsPerEvent: (performance.now() - eventWall) / events,
    rendersPerEvent: (probe.count() - rendersBefore) / events,
    mountCpuMs: mount.cpuMs,
    mountWallMs: mount.wallMs,
  };
  root.unmount();
  container.remove();
  card.close();
  host.close();
  return result;
}

const contenders = { perRow: perRowApp, oneContext: oneContextApp, hooks: hooksApp };
// `REACT_RENDER_BENCH_ONLY=hooks,perRow` runs a subset (for profiling); ratios need `hooks` and both baselines.
const names = process.env.REACT_RENDER_BENCH_ONLY?.split(',') ?? Object.keys(contenders);
const round = (n) => Number(n.toFixed(4));
const figures = { react: React.version, node: process.version, rounds: ROUNDS, events: EVENTS, sizes: {} };

// Warm up every path once so the JIT does not favour whichever runs later.
for (const name of names) await run(contenders[name], 100);

for (const size of SIZES) {
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let r = 0; r < ROUNDS; r += 1) {
    // Interleaved, with the order rotated each round so no contender always runs first.
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(k + r) % names.length];
      samples[name].push(await run(contenders[name], size));
    }
  }
  const summary = {};
  for (const name of names) {
    const pick = (field) => round(median(samples[name].map((s) => s[field])));
    summary[name] = {
      cpuMsPerEvent: pick('cpuMsPerEvent'),
      wallMsPerEvent: pick('wallMsPerEvent'),
      rendersPerEvent: pick('rendersPerEvent'),
      mountCpuMs: pick('mountCpuMs'),
      mountWallMs: pick('mountWallMs'),
    };
  }
  const ratio = (field, base) =>
    summary.hooks && summary[base] ? round(summary.hooks[field] / summary[base][field]) : null;
  const ratios = {
    cpuPerEventVsPerRow: ratio('cpuMsPerEvent', 'perRow'),
    mountCpuVsPerRow: ratio('mountCpuMs', 'perRow'),
    mountWallVsPerRow: ratio('mountWallMs', 'perRow'),
    cpuPerEventVsOneContext: ratio('cpuMsPerEvent', 'oneContext'),
    mountCpuVsOneContext: ratio('mountCpuMs', 'oneContext'),
  };
  figures.sizes[size] = { ...summary, ratios };
  const line = (name) =>
    `${name.padEnd(10)} ${summary[name].cpuMsPerEvent.toFixed(3)} ms CPU/event, ` +
    `${summary[name].rendersPerEvent.toFixed(2)} renders/event, mount ${summary[name].mountCpuMs.toFixed(1)} ms CPU ` +
    `(${summary[name].mountWallMs.toFixed(1)} ms wall)`;
  console.log(`\n${size} agents (${EVENTS[size]} events × ${ROUNDS} rounds)`);
  for (const name of names) console.log(`  ${line(name)}`);
  if (names.length === 3)
    console.log(
      `  hooks / perRow: ${ratios.cpuPerEventVsPerRow.toFixed(2)}× CPU per event, ${ratios.mountCpuVsPerRow.toFixed(2)}× mount; ` +
        `hooks / oneContext: ${ratios.cpuPerEventVsOneContext.toFixed(2)}× CPU per event, ${ratios.mountCpuVsOneContext.toFixed(2)}× mount`,
    );
}
rmSync(outDir, { recursive: true, force: true });
if (names.length === 3) writeResult('react-render', figures);
process.exit(0);
