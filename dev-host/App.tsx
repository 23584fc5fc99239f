/*
 * The page of `neurosquad-card dev`. What an end-to-end test can find it by (roles and accessible names):
 * - the card: region "Card <title>" (the title, else the manifest's display name) holding heading <title>,
 *   status "Card status" (with status "Busy" while busy), "Card badge", "Card overview" (progressbar
 *   "Card progress"), alert "Card attention", button "Card menu" opening menu "Card menu" with a menuitem per
 *   entry; inside it the iframe titled "Card frame".
 * - toasts: status "Toasts". Build failure: alert "Build failed".
 * - host dialogs: dialog (aria-modal) named by its title: the card's `ui.confirm` title with buttons "Confirm"
 *   and "Cancel"; "Open this link?" with "Open link" and "Cancel"; "Allow permissions?" with a checkbox per
 *   permission id and buttons "Allow" and "Deny". Escape answers no.
 * - the panel: complementary "Host controls", tablist "Controls" with tabs "Tools", "Ports", "Agents", "Peers",
 *   "Settings", "Permissions", "App", "Records".
 * - Tools: per tool a group <tool> with textbox "Arguments for <tool>", button "Call <tool>" and, after the
 *   call, region "Result" (the handler's result as JSON, or the error).
 * - Ports: per input a group "Input <id>" with textbox "Message for <id>" and button "Send to <id>" (request
 *   inputs: "Request for <id>" and "Request <id>"), combobox "Sender for <id>" once peers exist, then region
 *   "Reply from <id>".
 * - Agents: textbox "Agent name", combobox "Agent kind", button "Add agent"; per agent <name>: combobox
 *   "Status of <name>", textbox "Output for <name>", buttons "Push output to <name>", "Remove <name>",
 *   textboxes "Usage for <name>" / "Timeline for <name>" with buttons "Set usage of <name>" / "Set timeline
 *   of <name>".
 * - Peers: combobox "Peer kind", textbox "Peer name", combobox "Arrow", textbox "Ports of the custom peer"
 *   (custom kind), button "Add peer", per peer button "Remove <name>".
 * - Settings: one control per setting labelled by its label, buttons "Save settings" and "Reset form"; per
 *   secret textbox "Secret <label>", buttons "Set secret <label>" and "Clear secret <label>".
 * - Permissions: group "Granted permissions" with a checkbox per declared permission id.
 * - App: comboboxes "Theme", "Language", "Visibility", switch "Expanded", spinbuttons "Card width" and
 *   "Card height", buttons "Resize card", "Suspend" and "Reload card".
 * - Records: combobox "Record" (Calls, Events, Deliveries, Prompts, Commands, Logs, Toasts, Confirms,
 *   Clipboard, Spawned, Chrome, Findings, Network) and a region of that name listing the entries, newest first;
 *   Network lists each net.fetch as "<method> <url> → <status> · <bytes> B · <ms> ms" or "→ <code>: <message>".
 * - Settings, on the dev page: per secret also checkbox "Keep <label> in .env.neurosquad-secrets.json".
 * Bad JSON in any JSON textbox shows an alert under it and sends nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Callout } from '../components/index.js';
import type { MockHost, MockHostOptions } from '../src/testing/index.js';
import { DevHost, type DevHostProps } from './DevHost.js';
import { createDevMockHost } from './host/dev-mock-host.js';
import { listenDevEvents, loadDevSession, postToDevServer, reportFrameFinding } from './host/dev-server.js';
import type { BuildState, DevEventSource, DevSession } from './host/dev-server.js';
import { readFrameFinding } from './host/frame-findings.js';
import type { FrameFinding } from './host/frame-findings.js';
import { createFrameLoads, leftFrom, readFrameLife, throughDoor } from './host/frame-loads.js';
import { createHostDialogs } from './host/host-dialogs.js';
import { forwardLogs } from './host/log-forwarding.js';
import { createMcpLink, type McpChannel } from './host/mcp-link.js';
import { forwardNet, loadSecrets, SECRET_HELD_BY_SERVER, saveSecret } from './host/net-forwarding.js';
import type { NetworkRecord } from './host/net-forwarding.js';
import { createStorageSync, loadStorage, saveStorage, type StoredAtStart } from './host/storage-sync.js';

/** How long a reload waits for the frame to settle (its load, its entry's word) before setting `src` anyway. */
const HELD_RELOAD_MS = 3000;
/** How long a held reload waits after the frame's load for the entry's word, which may be a moment behind it. */
const ENTRY_WORD_MS = 250;

/** The build-failure banner: the watch output, while the frame keeps the last good build. */
function BuildBanner({ build }: { build: BuildState }): ReactElement | null {
  if (build.ok) return null;
  return (
    <Callout tone="danger" role="alert" aria-label="Build failed" className="ns-dev-banner">
      <strong>The build failed; the card shows the last good build.</strong>
      {build.output && <pre className="ns-mono">{build.output}</pre>}
    </Callout>
  );
}

/** Props of `DevSessionHost`: the session, and on a canvas where its routes are, how it is drawn and who learns its host. */
export interface DevSessionHostProps {
  session: DevSession;
  /** The card's routes on a canvas server (`/__card/<n>`); '' for the one-card page. */
  base?: string;
  /** Draws the card around its frame (default the one-card page, `DevHost`). */
  view?: (props: DevHostProps) => ReactElement | null;
  /** Told each host made for the card (a new one on each manifest change), with the way to list a finding. */
  onHost?: (host: MockHost, addFinding: (finding: FrameFinding) => void) => void;
  /** More options of each mock host (the canvas's rate limits, scripted terminals and timeline of calls). */
  hostOptions?: MockHostOptions;
  /** Told each finding listed for the card (the canvas puts it on its timeline). */
  onFinding?: (finding: FrameFinding) => void;
  /** The page's one MCP stream, which a canvas's cards share (default: one of the card's own). */
  mcpChannel?: McpChannel;
  /** Opens the card's server events: on a canvas, its share of the page's one stream (default its own stream). */
  openEvents?: () => DevEventSource;
}

/**
 * The card of one dev session in its sandboxed frame, served by a mock host built from its manifest; its storage,
 * kept by the dev server across runs, is read first, so the card's first call already finds it.
 */
export function DevSessionHost(props: DevSessionHostProps): ReactElement {
  const { session, base = '' } = props;
  const [stored, setStored] = useState<StoredAtStart | null>(null);
  useEffect(() => {
    let live = true;
    void loadStorage(session.token, base).then((read) => live && setStored(read));
    return () => {
      live = false;
    };
  }, [session.token, base]);
  if (!stored) return <p className="ns-muted">Reading the card's storage…</p>;
  return <SessionHost key={session.token} {...props} stored={stored} />;
}

/** `DevSessionHost` once the card's kept storage is read. */
function SessionHost({
  session,
  base = '',
  view: View = DevHost,
  onHost,
  hostOptions,
  onFinding,
  mcpChannel,
  openEvents,
  stored,
}: DevSessionHostProps & { stored: StoredAtStart }): ReactElement {
  // Each manifest the server sends makes a fresh host and a fresh frame (the generation keys the iframe).
  const [source, setSource] = useState({ manifest: session.manifest, generation: 0 });
  const [build, setBuild] = useState<BuildState>(session.build);
  // The storage file's problems (printed in the terminal at start) come first.
  const [findings, setFindings] = useState<FrameFinding[]>(() =>
    stored.problems.map((message) => ({ kind: 'warning', message, time: Date.now() })),
  );
  const [records, setRecords] = useState<NetworkRecord[]>([]);
  const [kept, setKept] = useState(false);
  const { token } = session;
  // The card's storage: each new host starts with the latest, and each change reaches the file beside the card.
  const [storage] = useState(() =>
    createStorageSync({
      initial: stored.storage,
      save: (next) => saveStorage(next, token, base),
      // Listed with the card's findings (the dev server, which would print it, may be what is gone).
      onProblem: (message) => setFindings((current) => [...current, { kind: 'warning', message, time: Date.now() }]),
    }),
  );
  const { host, dialogs, stopNet, frameLoads } = useMemo(() => {
    const made = createHostDialogs();
    const mock = createDevMockHost(source.manifest, made, hostOptions);
    storage.seed(mock);
    // The card's net.fetch goes to the dev server from its first request on.
    const stop = forwardNet(mock, (entry) => setRecords((current) => [...current, entry]), base);
    // A fresh host renders a fresh frame: its first load is the entry the page asked for.
    return { host: mock, dialogs: made, stopNet: stop, frameLoads: createFrameLoads() };
  }, [source.manifest, hostOptions, base, storage]);
  const frame = useRef<HTMLIFrameElement>(null);
  const loads = useRef(0);
  // The card's tools for the dev server's MCP endpoint (an agent's calls run through this host).
  const mcp = useMemo(
    () => (mcpChannel ? mcpChannel.join(host) : createMcpLink(host, token)),
    [host, token, mcpChannel],
  );
  useEffect(() => mcp.start(), [mcp]);

  // A finding the server told the page of (a CSP report) is listed; one the page found is also reported to it.
  const showFinding = useCallback(
    (finding: FrameFinding) => {
      setFindings((current) => [...current, finding]);
      onFinding?.(finding);
    },
    [onFinding],
  );
  const addFinding = useCallback(
    (finding: FrameFinding) => {
      reportFrameFinding(finding, token, base);
      showFinding(finding);
    },
    [token, base, showFinding],
  );

  useEffect(() => onHost?.(host, addFinding), [host, addFinding, onHost]);

  useEffect(() => storage.watch(host), [host, storage]);
  // A closed or reloaded page posts what is still pending.
  useEffect(() => {
    const flush = () => storage.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [storage]);

  useEffect(() => {
    loads.current = 0;
    const stop = forwardLogs(host, (line) => postToDevServer('/__dev/log', line, token, base));
    // Secrets the dev server already holds (kept beside the card) count as set.
    loadSecrets(base).then(
      (state) => {
        setKept(state.kept);
        for (const key of state.set) {
          if (host.manifest.settings.some((setting) => setting.key === key && setting.type === 'secret'))
            host.setSecret(key, SECRET_HELD_BY_SERVER);
        }
      },
      () => undefined,
    );
    return () => {
      stop();
      stopNet();
      host.close();
    };
  }, [host, stopNet, token, base]);

  const network = useMemo(
    () => ({
      records,
      kept,
      setSecret: async (key: string, value: string | null, keep: boolean) =>
        setKept((await saveSecret(host, key, value, keep, base)).kept),
    }),
    [host, records, kept, base],
  );

  const loadEntry = useCallback(() => {
    // Setting src again reloads the frame even when the URL is the same; the host and its state stay.
    if (!frame.current) return;
    mcp.setLoaded(false);
    frameLoads.expect();
    frame.current.src = session.cardUrl;
  }, [session.cardUrl, frameLoads, mcp]);

  // A reload before the frame settled waits until it has (its load came and its entry spoke), or a few seconds for a
  // frame that never does (a page that hangs, a plain error page).
  const heldTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const holdFor = useCallback(
    (ms: number) => {
      clearTimeout(heldTimer.current);
      heldTimer.current = setTimeout(() => {
        if (frameLoads.release()) loadEntry();
      }, ms);
    },
    [frameLoads, loadEntry],
  );
  const reloadIfDue = useCallback(() => {
    if (frameLoads.heldReload() !== 'due') return false;
    frameLoads.release();
    clearTimeout(heldTimer.current);
    loadEntry();
    return true;
  }, [frameLoads, loadEntry]);
  useEffect(() => () => clearTimeout(heldTimer.current), [frameLoads]);

  const reload = useCallback(() => {
    if (frameLoads.reload()) loadEntry();
    else holdFor(HELD_RELOAD_MS);
  }, [frameLoads, loadEntry, holdFor]);

  useEffect(
    () =>
      listenDevEvents(
        {
          reload,
          manifest: (next) => setSource((current) => ({ manifest: next, generation: current.generation + 1 })),
          build: setBuild,
          finding: showFinding,
        },
        openEvents ? openEvents() : new EventSource(`${base}/__dev/events`),
      ),
    [reload, base, showFinding, openEvents],
  );

  const navigated = useCallback(() => {
    // The previous page's channel is gone with it; the page the frame went to gets none.
    host.close();
    mcp.setLoaded(false);
    addFinding({
      kind: 'sandbox',
      message:
        'the card frame navigated away from its entry (a link, location or a reload by the card): in the app a card ' +
        'gets its channel once, so this page got no host port; a navigation also sends a request outside ' +
        'card.net.fetch. Press r to load the entry again',
      time: Date.now(),
    });
  }, [host, addFinding, mcp]);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target) return;
      const life = readFrameLife(event.data);
      // A page posting as it goes away arrives with no source left; everything else must come from the frame.
      const leaving = life === 'leaving' && event.source === null && leftFrom(event.data, session.cardOrigin);
      if (event.source !== target && !leaving) return;
      // The entry hands its door with its word: the port goes through it, so it reaches that page only.
      const door = life === 'entry' ? event.ports[0] : undefined;
      if (life === 'entry' && !door) return;
      if (life) {
        const next = frameLoads.message(life);
        if (next === 'serve' && door) {
          host.serveFrame(throughDoor(door), { launch: loads.current === 0 ? 'created' : 'reloaded' });
          loads.current += 1;
          mcp.setLoaded(true);
          reloadIfDue();
        } else if (next === 'navigated') navigated();
        return;
      }
      const finding = readFrameFinding(event.data);
      if (finding) addFinding(finding);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [host, frameLoads, addFinding, navigated, mcp, session.cardOrigin, reloadIfDue]);

  const onLoad = () => {
    if (frameLoads.load() === 'navigated') navigated();
    // Held for this load: due now if the entry has spoken, else once it does (or shortly, if it never will).
    if (!reloadIfDue() && frameLoads.heldReload() === 'waiting') holdFor(ENTRY_WORD_MS);
  };

  return (
    <View
      host={host}
      dialogs={dialogs}
      findings={findings}
      banner={<BuildBanner build={build} />}
      source={session.folder}
      onReload={reload}
      network={network}
    >
      <iframe
        key={source.generation}
        ref={frame}
        title="Card frame"
        sandbox="allow-scripts allow-forms"
        src={session.cardUrl}
        onLoad={onLoad}
      />
    </View>
  );
}

/** The dev host page: loads the session from the dev server, then hosts its card. */
export function App(): ReactElement {
  const [session, setSession] = useState<DevSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadDevSession().then(setSession, (reason: unknown) =>
      setError(reason instanceof Error ? reason.message : String(reason)),
    );
  }, []);
  if (error) {
    return (
      <Callout tone="danger" role="alert" className="ns-dev-banner">
        The dev host could not start: {error}
      </Callout>
    );
  }
  if (!session) return <p className="ns-muted">Starting the dev host…</p>;
  return <DevSessionHost session={session} />;
}
