import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The NeuroSquad data folder `dev` knows about: named by the user, or found where the app keeps it. */
export interface AppDataFolder {
  path: string;
  /** `--user-data-dir`, `NEUROSQUAD_USER_DATA_DIR`, or `found` in the platform's default place. */
  source: '--user-data-dir' | 'NEUROSQUAD_USER_DATA_DIR' | 'found';
}

/** Where the app keeps its data on this platform. */
function defaultAppDataPath(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'NeuroSquad');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'NeuroSquad');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'NeuroSquad');
}

/** The app's data folder if it was named or exists; only read, never written. */
export function findAppDataFolder(
  option: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): AppDataFolder | null {
  if (option !== undefined && option !== '') return { path: option, source: '--user-data-dir' };
  const named = env.NEUROSQUAD_USER_DATA_DIR;
  if (named !== undefined && named !== '') return { path: named, source: 'NEUROSQUAD_USER_DATA_DIR' };
  const path = defaultAppDataPath(platform, env, home);
  return existsSync(path) ? { path, source: 'found' } : null;
}

/** The one line `dev` prints about the app's data folder. */
export function appDataNote(folder: AppDataFolder): string {
  const how = folder.source === 'found' ? 'found' : `named by ${folder.source}`;
  return (
    `NeuroSquad data folder ${how}: ${folder.path}. Linking this card into the running app needs the app's ` +
    'developer-mode protocol, which this SDK does not speak yet; running the local dev host instead (nothing is written there).\n'
  );
}
