/** `neurosquad-card --help`. */
export const MAIN_HELP = `neurosquad-card: create, check and package NeuroSquad cards

Usage
  neurosquad-card create <folder> [--template vanilla|react] [--name <slug>] [--display-name <text>] [--force] [--sdk tarball|registry]
  neurosquad-card dev [folder] [--user-data-dir <dir>] [--no-build] [--no-logs]
  neurosquad-card validate [folder] [--json] [--app-version <x.y.z>]
  neurosquad-card pack [folder] [--out <file.tgz>] [--dry-run] [--json] [--allow-secret-files]

Commands
  create     start a card from a template (vanilla: no build step; react: Vite + React + the kit)
  dev        run the card in the app (coming later; use the template's npm run dev preview)
  validate   the app's manifest validators, the installer's file rules, the sandbox lint, the install dialog
  pack       list what would be installed, print the tree hash, write a reproducible .tgz

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
export const DEV_HELP = `Usage: neurosquad-card dev [folder] [--user-data-dir <dir>] [--no-build] [--no-logs]

Running a card live in the NeuroSquad app (linking the folder, reloading on save, streaming its log) and a
local preview host when the app is absent come in a later version of this CLI.

Until then:
  npm run dev          the template's own preview: the card runs on createMockHost() in your browser
  npm test             tests against the mock host
  neurosquad-card validate   the app's checks and the install dialog preview

Options (accepted now, used once dev runs the card in the app)
  --user-data-dir <dir>   the app's data folder (also NEUROSQUAD_USER_DATA_DIR)
  --no-build              do not run the folder's own watch build (npm run watch)
  --no-logs               do not stream the card's log
  -h, --help              show this help

Exit code: 2 (not available yet), 0 for --help.
`;
