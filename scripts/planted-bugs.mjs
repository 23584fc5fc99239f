// The fixed list `npm run mutate` plants, one at a time: realistic bugs of the kinds a change could bring in (a
// dropped reply, a wrong error code, a skipped check, an off-by-one limit, a conversion that loses a field, a
// missing schema path, a lost early message, a header check removed). Each edit is a search/replace that must match
// its file exactly once; `tests` are the fast test files that cover the code, run with the fuzz suite.

/**
 * @typedef {object} PlantedBug
 * @property {string} name what the bug does, as a card author would notice it
 * @property {string} file the source file it edits
 * @property {Array<[string, string]>} edits search → replace pairs, each matching exactly once
 * @property {string[]} tests the fast test files that cover the code (the fuzz suite runs too)
 */

/** @type {PlantedBug[]} */
export const PLANTED_BUGS = [
  {
    name: 'parseRequest formats an object protocol with String(v): a mismatch becomes BAD_REQUEST',
    file: 'src/host/parse-request.ts',
    edits: [
      [
        "if (version === null || (typeof version !== 'object' && typeof version !== 'function')) {",
        'if (version !== undefined) {',
      ],
    ],
    tests: ['src/host/parse-request.test.ts'],
  },
  {
    name: 'the client drops every 7th host reply',
    file: 'src/transport/channel.ts',
    edits: [
      ['  let nextId = 1;\n', '  let nextId = 1;\n  let replies = 0;\n'],
      [
        '    const settle = pending.get(message.id);',
        '    replies += 1;\n    const settle = replies % 7 === 0 ? undefined : pending.get(message.id);',
      ],
    ],
    tests: ['src/transport/channel.test.ts'],
  },
  {
    name: 'header values are no longer checked for CR and LF',
    file: 'src/contract/headers.ts',
    edits: [['const HEADER_VALUE = /^[\\t\\x20-\\x7e]*$/;', 'const HEADER_VALUE = /^[\\t\\r\\n\\x20-\\x7e]*$/;']],
    tests: ['src/contract/headers.test.ts', 'src/testing/net.test.ts'],
  },
  {
    name: 'the host skips the permission check',
    file: 'src/host/checks.ts',
    edits: [
      ['if (!methodPermitted(method, state.grants)) {', 'if (false && !methodPermitted(method, state.grants)) {'],
    ],
    tests: ['src/host/engine.test.ts'],
  },
  {
    name: 'the host serves requests before host.ready',
    file: 'src/host/checks.ts',
    edits: [['if (!state.ready && !(known && METHODS[method].beforeReady)) {', 'if (false) {']],
    tests: ['src/host/engine.test.ts'],
  },
  {
    name: 'invalid params are refused as BAD_REQUEST instead of INVALID_PARAMS',
    file: 'src/host/checks.ts',
    edits: [["return new CardSdkError('INVALID_PARAMS',", "return new CardSdkError('BAD_REQUEST',"]],
    tests: ['src/host/engine.test.ts'],
  },
  {
    name: 'a card in the overview may call methods that need it on screen',
    file: 'src/host/checks.ts',
    edits: [
      ["if (spec.visible && state.visibility !== 'visible') {", "if (spec.visible && state.visibility === 'hidden') {"],
    ],
    tests: ['src/host/engine.test.ts'],
  },
  {
    name: "a handler's error loses its data on the way to the card",
    file: 'src/host/engine.ts',
    edits: [['      if (data !== undefined) payload.data = data;\n      return payload;', '      return payload;']],
    tests: ['src/host/engine.test.ts'],
  },
  {
    name: 'a handler that throws synchronously is never answered',
    file: 'src/host/engine.ts',
    edits: [
      [
        'failed before answering: the card hears it as an error, never silence.\n    settle({ error });',
        'failed before answering.\n    void error;',
      ],
    ],
    tests: ['src/host/engine.test.ts'],
  },
  {
    name: 'an envelope with an extra field is accepted',
    file: 'src/host/parse-request.ts',
    edits: [["if (!ENVELOPE_KEYS.has(key)) return fail(id, 'BAD_REQUEST', 'unexpected envelope field');", 'void key;']],
    tests: ['src/host/parse-request.test.ts'],
  },
  {
    name: 'a method name of 65 characters is accepted (off by one)',
    file: 'src/host/parse-request.ts',
    edits: [['method.length > 64', 'method.length > 65']],
    tests: ['src/host/parse-request.test.ts'],
  },
  {
    name: 'the client keeps 65 requests in flight instead of 64',
    file: 'src/contract/limit-values.ts',
    edits: [['export const inFlightRequests = 64;', 'export const inFlightRequests = 65;']],
    tests: ['src/contract/limits.test.ts', 'src/transport/channel.test.ts'],
  },
  {
    name: 'events that arrive before the card listens are lost',
    file: 'src/transport/event-buffer.ts',
    edits: [['for (const [event, data] of buffered.splice(0)) deliver(event, data);', 'buffered.splice(0);']],
    tests: ['src/transport/event-buffer.test.ts', 'src/transport/channel.test.ts', 'src/client/card.test.ts'],
  },
  {
    name: 'the port handed over before connect() is lost',
    file: 'src/transport/handshake.ts',
    edits: [
      ['  const ready = state.handoff;\n  if (ready) {', '  const ready = state.handoff;\n  if (false && ready) {'],
    ],
    tests: ['src/transport/handshake.test.ts', 'src/client/connect.test.ts'],
  },
  {
    name: "a host error's data is dropped when the card reads it",
    file: 'src/transport/envelopes.ts',
    edits: [
      [
        "    if (data !== undefined) payload.data = data;\n    return payload;\n  } catch {\n    return { code: 'INTERNAL', message: 'the error cannot be read' };",
        "    return payload;\n  } catch {\n    return { code: 'INTERNAL', message: 'the error cannot be read' };",
      ],
    ],
    tests: ['src/transport/envelopes.test.ts', 'src/transport/channel.test.ts'],
  },
  {
    name: 'a call that is never answered fails with UNAVAILABLE instead of TIMEOUT',
    file: 'src/transport/channel.ts',
    edits: [["() => new CardSdkError('TIMEOUT', `no answer in", "() => new CardSdkError('UNAVAILABLE', `no answer in"]],
    tests: ['src/transport/channel.test.ts'],
  },
  {
    name: 'a network wildcard matches any name ending in the host (evilgithub.com for *.github.com)',
    file: 'src/contract/hosts.ts',
    edits: [['name.endsWith(`.${parsed.host}`)', 'name.endsWith(parsed.host)']],
    tests: ['src/contract/hosts.test.ts', 'src/testing/net.test.ts'],
  },
  {
    name: 'write protection reads only the first path segment for protected files',
    file: 'src/contract/paths.ts',
    edits: [['  const last = raw[raw.length - 1];', '  const last = raw[0];']],
    tests: ['src/contract/paths.test.ts', 'src/testing/fs.test.ts'],
  },
  {
    name: 'a setting without a label passes the manifest schema',
    file: 'src/contract/manifest-schema.ts',
    edits: [["required: ['key', 'type', 'label'],", "required: ['key', 'type'],"]],
    tests: ['src/contract/manifest-schema.test.ts', 'src/contract/manifest.test.ts'],
  },
  {
    name: 'a per-minute limit lets one call too many through',
    file: 'src/host/rate-limits.ts',
    edits: [['times.length >= spec.perMinute', 'times.length > spec.perMinute']],
    tests: ['src/host/engine.test.ts', 'src/testing/mock-host.test.ts'],
  },
  {
    name: 'the mock host and the dev proxy send a header whose filled-in secret holds a line break',
    file: 'src/contract/net-rules.ts',
    edits: [['if (filled !== value && checkRequestHeader(name, filled)) {', 'if (false) {']],
    tests: ['src/testing/net.test.ts'],
  },
  {
    name: 'a tool handler no longer hears which agent called it',
    file: 'src/client/tools.ts',
    edits: [['          agent,\n          deadline,\n          signal,', '          deadline,\n          signal,']],
    tests: ['src/client/tools.test.ts', 'src/testing/tools.test.ts'],
  },
  {
    name: 'values nested one level deeper than the limit pass the plain-JSON check',
    file: 'src/contract/json.ts',
    edits: [
      [
        "if (depth > maxDepth) return issue('value is nested too deeply');",
        "if (depth > maxDepth + 1) return issue('value is nested too deeply');",
      ],
    ],
    tests: ['src/contract/json.test.ts', 'src/host/parse-request.test.ts'],
  },
];
