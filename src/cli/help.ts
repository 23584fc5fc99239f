/** `neurosquad-card --help`. */
export const MAIN_HELP = `neurosquad-card: create, check and package NeuroSquad cards

Usage
  neurosquad-card create <folder> [--template vanilla|react] [--name <slug>] [--display-name <text>] [--force] [--sdk tarball|registry]
  neurosquad-card dev [folder] [--user-data-dir <dir>] [--no-build] [--no-logs] [--no-hmr] [--port <n>] [--no-open]
                      [--record <file> | --replay <file>]
  neurosquad-card dev <folder> <folder>... [--canvas <file>]   (several cards on one canvas)
  neurosquad-card validate [folder] [--json] [--app-version <x.y.z>]
  neurosquad-card pack [folder] [--out <file.tgz>] [--dry-run] [--json] [--allow-secret-files]
  neurosquad-card types [folder] [--out <file>] [--watch] [--json]

Commands
  create     start a card from a template (vanilla: no build step; react: Vite + React + the kit)
  dev        run the card on a local host like the app's (sandboxed frame, CSP, chrome, control panel), reload on save
  validate   the app's manifest validators, the installer's file rules, the sandbox lint, the install dialog
  pack       list what would be installed, print the tree hash, write a reproducible .tgz
  types      write src/neurosquad-card.d.ts: the manifest's ports, tools and settings as TypeScript types

Options
  -h, --help     show help (also after a command: neurosquad-card pack --help)
  -v, --version  print the SDK version

Exit codes: 0 ok, 1 the folder has problems, 2 bad usage.
validate and pack never run the folder's git hooks or scripts, so they are safe on a folder someone sent you.
Colour is used only on a terminal and never when NO_COLOR is set.
`;

/** `neurosquad-card create --help`. */
export const CREATE_HELP = `Usage: neurosquad-card create <folder> [options]

Start a card in <folder> from a template.

Options
  -t, --template <vanilla|react>
                              vanilla: plain ES modules, no build step (default)
                              react: Vite + React, CardProvider, hooks, kit components, a mock-host preview,
                              a Vitest test and a Storybook story
  --name <slug>               the card name (a-z, 0-9, -; starts with a letter; 2-48 chars; not reserved);
                              default: from <folder>
  --display-name <text>       the name users see; default: from the name
  --force                     write into a folder that is not empty (existing files are overwritten)
  --sdk <tarball|registry>    tarball (default): depend on a copy of this SDK written to vendor/, so npm install
                              needs nothing from the registry for it; registry: depend on the registry version
  -h, --help                  show this help

Then: cd <folder> && npm install && npm run dev
`;

/** `neurosquad-card validate --help`. */
export const VALIDATE_HELP = `Usage: neurosquad-card validate [folder] [options]

Check a card folder (default: the current folder) the way the app checks it on install:
the manifest through the app's validators (every issue with its path), the installer's file rules
(paths, sizes, counts, the icon being a real square PNG or WebP within size), the entry HTML and the
files it loads linted for what the sandbox blocks, and a preview of the install dialog.

Options
  --json                  print the report as JSON: { ok, errors: [{ where, message }], warnings, treeHash, install, … }
                          with install.permissions: [{ id, risk, what, optional, reason, hosts, includedBy }], where
                          includedBy lists the declared permissions that grant it along (agents.output includes
                          agents.read); a permission only implied is listed too, right after what includes it
  --app-version <x.y.z>   also check "minAppVersion" against this NeuroSquad version
  -h, --help              show this help

Exit codes: 0 valid, 1 the folder has problems, 2 bad usage.
`;

/** `neurosquad-card pack --help`. */
export const PACK_HELP = `Usage: neurosquad-card pack [folder] [options]

List what would be installed from a card folder (what git tracks plus untracked files that are not
ignored: the GitHub tarball), check it (validate plus the package limits), print the tree hash the app
records, and write a reproducible .tgz (sorted entries, fixed times, owners and modes).
Files reached through a symbolic link or junction are skipped.

Options
  -o, --out <file.tgz>    where to write the archive (default: <name>-<version>.tgz in the current folder)
  --dry-run               list and check only; write nothing
  --json                  print the report as JSON:
                          { ok, treeHash, files, bytes, skipped, secretFiles, out, tarballBytes, errors, warnings, … }
  --allow-secret-files    include credential-looking files (.env* except .env.example, *.pem, *.key, *.p12,
                          *.pfx, id_rsa*, .npmrc, .git-credentials, .netrc) instead of refusing
  -h, --help              show this help

Exit codes: 0 packed, 1 the folder has problems, 2 bad usage.
`;

/** `neurosquad-card dev --help`. */
export const DEV_HELP = `Usage: neurosquad-card dev [folder...] [options]

Run the card (default: the current folder) on a local host that behaves like the app: the host page on
127.0.0.1 draws the card's chrome and the host's dialogs around a sandboxed frame, with a control panel that
drives agents, peers, ports, tools, settings, theme, language and visibility. The card's files come from a
second origin with the app's Content-Security-Policy; the mock host is built from neurosquad-card.json.

It runs the folder's npm run watch (or its build script in watch mode, when that runs a bundler) and
reloads the frame when the build output (or, without a build, any file) changes; the host state stays and
the card starts with launch "reloaded". The card's log, uncaught errors, CSP violations and sandbox refusals
are printed here. Keys: r reloads, q quits (Ctrl-C too; the watch build is stopped).

A card with a Vite config (the react template) runs on its own Vite dev server instead of its watch build:
a component edit updates in place with React state kept (Fast Refresh); other changes reload the frame. The
card's CSP is loosened for the dev server only (its HMR socket, its injected styles); validate checks the build
against the app's own.

The card's net.fetch goes through the dev host as it goes through the app: only to the manifest's network
hosts (localhost with network.local), {{secret:key}} filled from the secrets typed in the Settings tab (kept
in memory, or in .env.neurosquad-secrets.json, owner-only and git-ignored, when asked), set-cookie dropped.
Each request is listed in the Records tab (Network); a refused or failed one is printed here.

What the card stores (card.storage) is kept across restarts in .neurosquad-storage.json in the card folder
(owner-only, git-ignored, never served to the card, refused by pack); delete it to start empty.

The card's tools are served to agents as an MCP server (Streamable HTTP) at http://127.0.0.1:<port>/mcp,
named <card_name>_<tool> as in the app; a call runs the card's handler in the page, as the Tools tab does.
dev prints the claude mcp add command with this run's bearer token; only loopback clients with the token
and no foreign Origin get in.
Several folders (or --canvas, or a neurosquad-canvas.json in the first folder) make a canvas: every card on
one page, each in its own sandboxed frame and origin with its own host state, joined by arrows that carry
real port traffic with the app's rules (drag a card's connector onto another card to draw one). The layout file keeps the cards, built-in peers (note, todo, kanban,
sticky, agent, terminal), positions and arrows: {"cards": [{"folder": "../radar"}, {"builtin": "note",
"id": "note-1"}], "arrows": [{"from": "radar", "to": "note-1"}]}.

dev runs the folder's own npm scripts: only use it on folders you trust, or pass --no-build.

Options
  --port <n>              the host page's port (default 5180, or the next free one)
  --no-open               do not open the browser
  --no-build              do not run the folder's watch build; serve the files as they are
  --no-hmr                build and reload on save even when the card has a Vite config (no Fast Refresh)
  --no-logs               do not print the card's log lines and uncaught errors
  --user-data-dir <dir>   the app's data folder (also NEUROSQUAD_USER_DATA_DIR); linking into the running
                          app needs its developer-mode protocol, which this version does not speak yet, so
                          dev says so and runs the local host (it never writes there)
  --record <file>         save every network response (secrets masked) in <file>, for --replay and tests
  --replay <file>         answer net.fetch from a recording, without the network; a request it has no
                          answer to fails with NETWORK_ERROR naming the URL
  --canvas <file>         the canvas layout file (default neurosquad-canvas.json in the first folder)
  -h, --help              show this help

Exit codes: 0 quit, 1 the folder has problems (manifest, missing entry) or the port is taken, 2 bad usage.
`;

/** `neurosquad-card types --help`. */
export const TYPES_HELP = `Usage: neurosquad-card types [folder] [options]

Write a TypeScript declaration file from the card's neurosquad-card.json (default: the current folder):
every input and output port with the type of its value (ns:* types as the SDK's shapes, custom types and
added schemas from their JSON Schema), request inputs with their response, each tool's arguments from its
inputSchema and each setting's value (select as its options; secrets only as whether they are set). It
augments the SDK's Register interface, so card.ports.emit('summary', …), useTool('add_task', …),
useSettings() and the others accept only declared names and infer their value types. Storage keys are
declared in the card's own code: declare module '@neurosquad/card-sdk' { interface Register { storage: … } }.

The file is rewritten only when its text changes. neurosquad-card dev and the @neurosquad/card-sdk/vite
plugin regenerate it when the manifest changes; validate warns when it is older than the manifest.

Options
  --out <file>            where to write (default: src/neurosquad-card.d.ts in the card folder)
  --watch                 keep running and write again whenever neurosquad-card.json changes (Ctrl-C stops)
  --json                  print { ok, file, changed, errors: [{ where, message }], warnings } instead of lines
  -h, --help              show this help

Exit codes: 0 written (or up to date), 1 the manifest has problems, 2 bad usage.
`;
