/** Where the card server serves the sandbox script; the entry HTML loads it first. */
export const DEV_SANDBOX_PATH = '/__neurosquad/dev-sandbox.js';

/** The tag injected as the first element of the `<head>` of every card page (the entry and any other HTML). */
export const DEV_SANDBOX_TAG = `<script src="${DEV_SANDBOX_PATH}"></script>`;

/**
 * What the app enforces beyond its CSP, as a script run in the card frame before the card's own: forms never
 * navigate (`form.submit()` does nothing), copy and cut handlers never run and `execCommand('copy')` does nothing,
 * `alert`/`confirm`/`prompt`/`window.open` do nothing, nested frames are removed, WebRTC (`RTCPeerConnection`,
 * which sends packets outside `card.net.fetch`) is gone. Each refusal, and each uncaught error or unhandled
 * rejection, is posted to the dev page: `{ neurosquadDev: 1, kind: 'sandbox' | 'error', … }`; so are the page's
 * start and end (`kind: 'entry' | 'leaving'`), by which the dev page tells its own loads from the frame's navigations,
 * and the SDK's `[card-sdk]` console warnings (`kind: 'warning'`).
 */
export const DEV_SANDBOX_SCRIPT = String.raw`(() => {
  'use strict';
  if (window.__neurosquadDevSandbox) return;
  Object.defineProperty(window, '__neurosquadDevSandbox', { value: true });
  // The browser's own, before the card can wrap it.
  const addEventListener = EventTarget.prototype.addEventListener;
  const post = (message, transfer) => {
    try {
      window.parent.postMessage(Object.assign({ neurosquadDev: 1 }, message), '*', transfer || []);
    } catch (_) {
      // The page is gone (the frame is being replaced).
    }
  };
  // The card's own file and line that made a refused call: the first stack frame outside this script.
  const caller = () => {
    const lines = String(new Error().stack || '').split('\n');
    for (const line of lines) {
      const match = /(https?:\/\/[^\s)]+?):(\d+):(\d+)\)?\s*$/.exec(line);
      if (match && !match[1].endsWith('${DEV_SANDBOX_PATH}')) {
        return { file: match[1], line: Number(match[2]), column: Number(match[3]) };
      }
    }
    return {};
  };
  const refuse = (message, where) => post(Object.assign({ kind: 'sandbox', message }, where || caller()));

  // The page's life. As it starts, this page hands the dev page a door: one end of a MessageChannel it keeps the
  // other end of. The dev page hands the host port through that door, never by a window message: a message posted to
  // the frame's window with target '*' may reach whatever page the frame has navigated to by then, but a port's
  // messages reach only the page that made the channel, and nothing once it is gone. Like the app's, the handshake
  // reaches the card once the page has loaded: it is held until then and given to the card's listeners as the
  // parent's window message it stands for.
  let held = null;
  let knocked = false;
  let loaded = false;
  const hand = () => {
    if (!loaded || held === null) return;
    const { data, ports } = held;
    held = null;
    const origin = (location.ancestorOrigins && location.ancestorOrigins[0]) || '';
    window.dispatchEvent(new MessageEvent('message', { data, origin, ports, source: window.parent }));
  };
  const door = new MessageChannel();
  door.port1.onmessage = (event) => {
    const data = event.data;
    if (knocked || event.ports.length === 0) return;
    if (!data || data.ns !== 'nscard' || data.type !== 'connect') return;
    // One handshake per page, as in the app.
    knocked = true;
    held = { data, ports: [...event.ports] };
    hand();
  };
  addEventListener.call(window, 'load', () => {
    loaded = true;
    hand();
  });
  post({ kind: 'entry' }, [door.port2]);
  // It names its page: a message posted as the frame goes away has no source, and a canvas has several frames.
  addEventListener.call(window, 'pagehide', () => post({ kind: 'leaving', href: String(location.href) }));

  // WebRTC: peer connections send UDP past the CSP; in the app the network is card.net.fetch only.
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) {
    if (!(name in window)) continue;
    const blocked = function () {
      refuse(name + ' is not available: in the app cards reach the network only through card.net.fetch');
      throw new DOMException(name + ' is not available to cards', 'NotSupportedError');
    };
    delete window[name];
    Object.defineProperty(window, name, { value: blocked, writable: false, configurable: false });
  }

  // Forms: submit events fire, submission never navigates.
  const cancelSubmit = (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    refuse('a form submission was cancelled: in the app forms never navigate (call event.preventDefault() in your submit handler and do the work in JS)');
  };
  window.addEventListener('submit', cancelSubmit);
  window.addEventListener(
    'submit',
    (event) => {
      // Runs after the form's own listeners; catches submissions whose bubbling the card stopped.
      event.target.addEventListener('submit', (late) => late.cancelBubble && cancelSubmit(late), { once: true });
    },
    true,
  );
  HTMLFormElement.prototype.submit = function submit() {
    refuse('form.submit() does nothing in the app');
  };

  // Copying: the user's own copy of selected text works, the card's copy and cut handlers never run.
  const copyListeners = { copy: 0, cut: 0 };
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === 'copy' || type === 'cut') copyListeners[type] += 1;
    return addEventListener.call(this, type, listener, options);
  };
  for (const type of ['copy', 'cut']) {
    addEventListener.call(
      window,
      type,
      (event) => {
        event.stopImmediatePropagation();
        const handler = document['on' + type] || window['on' + type] || (event.target && event.target['on' + type]);
        if (copyListeners[type] > 0 || handler) {
          refuse('a ' + type + ' handler did not run: in the app copy and cut handlers do nothing (use card.copyText())', {});
        }
      },
      true,
    );
  }
  const execCommand = Document.prototype.execCommand;
  Document.prototype.execCommand = function (command, ...rest) {
    const name = String(command).toLowerCase();
    if (name === 'copy' || name === 'cut') {
      refuse("document.execCommand('" + name + "') does nothing in the app (use card.copyText())");
      return false;
    }
    return execCommand.call(this, command, ...rest);
  };

  // Popups and modal dialogs.
  const dialogs = {
    alert: undefined,
    confirm: false,
    prompt: null,
  };
  for (const name of Object.keys(dialogs)) {
    window[name] = function () {
      refuse(name + '() does nothing in the app (use card.ui.toast or card.ui.confirm)');
      return dialogs[name];
    };
  }
  window.open = function () {
    refuse('window.open() does nothing in the app (use card.openLink)');
    return null;
  };

  // No nested frames: the app removes iframe, object and embed elements.
  const removeFrames = (root) => {
    const found = root.matches && root.matches('iframe, object, embed') ? [root] : [];
    if (root.querySelectorAll) for (const element of root.querySelectorAll('iframe, object, embed')) found.push(element);
    for (const element of found) {
      element.remove();
      refuse('an <' + element.localName + '> was removed: cards cannot nest frames', {});
    }
  };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) removeFrames(node);
  }).observe(document, { childList: true, subtree: true });

  // Uncaught errors and unhandled rejections.
  addEventListener.call(window, 'error', (event) => {
    if (!(event instanceof ErrorEvent)) return;
    const error = event.error;
    post({
      kind: 'error',
      message: String(event.message || (error && error.message) || 'uncaught error'),
      file: event.filename || undefined,
      line: event.lineno || undefined,
      column: event.colno || undefined,
      stack: error && typeof error.stack === 'string' ? error.stack : undefined,
    });
  });
  addEventListener.call(window, 'unhandledrejection', (event) => {
    const reason = event.reason;
    const message = reason instanceof Error ? reason.name + ': ' + reason.message : String(reason);
    post({
      kind: 'error',
      message: 'unhandled rejection: ' + message,
      stack: reason instanceof Error && typeof reason.stack === 'string' ? reason.stack : undefined,
    });
  });

  // The SDK's own warnings (a peer skipped for a permission, an undeclared tool or output): also to the dev page,
  // which prints them in the terminal and lists them in the card's Records.
  const warn = console.warn;
  console.warn = function (...args) {
    const text = args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' ');
    if (text.startsWith('[card-sdk] ')) post(Object.assign({ kind: 'warning', message: text.slice(11) }, caller()));
    return warn.apply(this, args);
  };
})();
`;
