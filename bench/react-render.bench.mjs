// Renders and time per agent event: the hooks (a selector store and a query cache) against a baseline that keeps
// the whole context and agent list in one React context. 200 agents, each shown by its own component; 1,000
// `agents.status` events from the mock host. Writes bench/results/react-render.json.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';
import { writeResult } from './support.mjs';

const AGENTS = 200;
const EVENTS = 1000;
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

const agentList = () =>
  Array.from({ length: AGENTS }, (_, i) => ({
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

/** What one row draws: `minimal` is a single text node; `typical` is a small agent row (name, harness, status
 * dot and label, a formatted counter, tags), closer to what a card shows per agent. */
function rowView(kind, id, status) {
  if (kind === 'minimal') return h('li', null, `${id} ${status}`);
  const n = Number(id.slice(1));
  return h(
    'li',
    { className: `agent agent--${status}`, 'data-status': status },
    h('span', { className: 'agent__dot', 'aria-hidden': true }),
    h('strong', null, `Agent ${n}`),
    h('span', { className: 'agent__harness' }, n % 2 ? 'claude-code' : 'codex-cli'),
    h('span', { className: 'agent__status' }, status.replace('-', ' ')),
    h('span', { className: 'agent__tokens' }, (n * 1234).toLocaleString('en-US')),
    h(
      'ul',
      { className: 'agent__tags' },
      ['ai', 'connected', `#${n}`].map((tag) => h('li', { key: tag }, tag)),
    ),
  );
}

function hooksApp(card, probe, kind) {
  function Row({ id }) {
    const status = hooks.useAgentStatus(id) ?? 'unknown';
    probe.seen(id, status);
    return rowView(kind, id, status);
  }
  return h(
    hooks.CardProvider,
    { card },
    h(
      'ul',
      null,
      agentList().map((a) => h(Row, { key: a.id, id: a.id })),
    ),
  );
}

function baselineApp(card, probe, kind) {
  const Whole = React.createContext(null);
  function Provider({ children }) {
    const [state, setState] = React.useState({ context: card.context, agents: [] });
    React.useEffect(() => {
      let live = true;
      card.agents.list().then((agents) => live && setState((s) => ({ ...s, agents })));
      const offContext = card.onContextChange((context) => setState((s) => ({ ...s, context })));
      const offStatus = card.agents.onStatus((event) =>
        setState((s) => ({
          ...s,
          agents: s.agents.map((a) => (a.id === event.agentId ? { ...a, status: event.status } : a)),
        })),
      );
      return () => {
        live = false;
        offContext();
        offStatus();
      };
    }, []);
    return h(Whole.Provider, { value: state }, children);
  }
  function Row({ id }) {
    const { agents } = React.useContext(Whole);
    const status = agents.find((a) => a.id === id)?.status ?? 'unknown';
    probe.seen(id, status);
    return rowView(kind, id, status);
  }
  return h(
    Provider,
    null,
    h(
      'ul',
      null,
      agentList().map((a) => h(Row, { key: a.id, id: a.id })),
    ),
  );
}

/** The same events with no React at all: what the mock host and the client cost by themselves. */
function transportOnly(card, probe) {
  const off = card.agents.onStatus((event) => probe.seen(event.agentId, event.status));
  for (const agent of agentList()) probe.seen(agent.id, 'idle');
  return off;
}

async function run(name, app, kind = 'minimal') {
  const host = createMockHost({ manifest, agents: agentList() });
  const card = await host.connect({ theme: false, syncLang: false, forwardErrors: false });
  const probe = createProbe();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  if (app === transportOnly) app(card, probe);
  else root.render(app(card, probe, kind));
  while (probe.shown.get(`a${AGENTS - 1}`) !== 'idle' || !host.subscriptions.has('agents.status')) await tick();
  globalThis.gc?.();

  const rendersBefore = probe.count();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let i = 0; i < EVENTS; i += 1) {
    const id = `a${(i * 37) % AGENTS}`;
    const status = STATUSES[Math.floor(i / AGENTS) % STATUSES.length];
    const target = host.agents.find((a) => a.id === id).status === status ? 'idle' : status;
    host.setAgentStatus(id, target);
    while (probe.shown.get(id) !== target) await tick();
  }
  const wallMs = performance.now() - wallBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const renders = probe.count() - rendersBefore;

  root.unmount();
  container.remove();
  card.close();
  host.close();
  const result = {
    renders,
    rendersPerEvent: renders / EVENTS,
    cpuMsPerEvent: (cpu.user + cpu.system) / 1000 / EVENTS,
    wallMsPerEvent: wallMs / EVENTS,
  };
  console.log(
    `${`${name} (${kind})`.padEnd(20)} ${result.rendersPerEvent.toFixed(2)} renders/event, ${result.cpuMsPerEvent.toFixed(3)} ms CPU/event, ${result.wallMsPerEvent.toFixed(3)} ms wall/event`,
  );
  return result;
}

const only = process.env.REACT_RENDER_BENCH_ONLY;
// Warm up both paths once so the JIT does not favour whichever runs second.
if (only !== 'hooks') await run('warm-up', baselineApp);
if (only !== 'baseline') await run('warm-up', hooksApp);
const transport = await run('transport', transportOnly);
// What React and the state layer add on top of the shared mock-host and client cost.
const overhead = (result) => Math.max(result.cpuMsPerEvent - transport.cpuMsPerEvent, 0.001);
const figures = { agents: AGENTS, events: EVENTS, react: React.version, transport, rows: {} };
for (const kind of ['minimal', 'typical']) {
  const baseline = only === 'hooks' ? transport : await run('baseline', baselineApp, kind);
  const ours = only === 'baseline' ? transport : await run('hooks', hooksApp, kind);
  const row = {
    baseline,
    hooks: ours,
    renderRatio: baseline.renders / ours.renders,
    cpuTimeRatio: baseline.cpuMsPerEvent / ours.cpuMsPerEvent,
    reactCpuMsPerEvent: { baseline: overhead(baseline), hooks: overhead(ours) },
    reactCpuTimeRatio: overhead(baseline) / overhead(ours),
    wallTimeRatio: baseline.wallMsPerEvent / ours.wallMsPerEvent,
  };
  figures.rows[kind] = row;
  console.log(
    `${kind} rows, baseline/hooks: ${row.renderRatio.toFixed(1)}× renders, ${row.cpuTimeRatio.toFixed(2)}× CPU time ` +
      `(${row.reactCpuTimeRatio.toFixed(2)}× without the shared transport cost), ${row.wallTimeRatio.toFixed(2)}× wall time`,
  );
}
rmSync(outDir, { recursive: true, force: true });
writeResult('react-render', figures);
process.exit(0);
