// The secret settings typed into the dev page: held by the dev server (the page only learns that one is set),
// in memory, or, when the author asks, in an owner-only file beside the card that git ignores.
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ignoreInGit } from './ignore-in-git.js';

/** The file beside the card that keeps secrets across `dev` runs (`.env*`: `pack` refuses it as a credential). */
export const SECRETS_FILE = '.env.neurosquad-secrets.json';

/** What replaces a secret value wherever the dev host prints, records or saves text. */
const SECRET_MASK = '[secret]';

/** The secret values of one `dev` session. */
export interface SecretStore {
  /** The value of a secret setting, or undefined when it is not set. */
  get(key: string): string | undefined;
  /** Sets a secret (`keep`: also in the file beside the card) or clears it (`null`, from the file too). */
  set(key: string, value: string | null, keep: boolean): void;
  /** The keys that are set, sorted. */
  keys(): string[];
  /** True when the file beside the card holds the secrets. */
  readonly kept: boolean;
  /** `text` with every secret value replaced by `[secret]`. */
  mask(text: string): string;
}

function readKept(path: string): Map<string, string> {
  const values = new Map<string, string>();
  if (!existsSync(path)) return values;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') values.set(key, value);
    }
  } catch {
    // An unreadable file keeps nothing; the next kept secret rewrites it.
  }
  return values;
}

/**
 * The secrets of a `dev` session on `folder`: those kept in `.env.neurosquad-secrets.json` (of `secretKeys`)
 * are loaded; the file is written owner-only (0600) and named in the card's `.gitignore`.
 */
export function createSecretStore(folder: string, secretKeys: () => readonly string[]): SecretStore {
  const path = join(folder, SECRETS_FILE);
  const values = new Map<string, string>();
  const keptKeys = new Set<string>();
  for (const [key, value] of readKept(path)) {
    if (!secretKeys().includes(key) || value === '') continue;
    values.set(key, value);
    keptKeys.add(key);
  }
  const save = (): void => {
    if (keptKeys.size === 0) {
      rmSync(path, { force: true });
      return;
    }
    ignoreInGit(folder, SECRETS_FILE, 'secrets typed into neurosquad-card dev (owner-only; never commit)');
    const kept = Object.fromEntries([...keptKeys].sort().map((key) => [key, values.get(key) ?? '']));
    writeFileSync(path, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
    chmodSync(path, 0o600);
  };
  return {
    get: (key) => (secretKeys().includes(key) ? values.get(key) : undefined),
    set(key, value, keep) {
      const wasKept = keptKeys.has(key);
      if (value === null || value === '') values.delete(key);
      else values.set(key, value);
      if (keep && value) keptKeys.add(key);
      else keptKeys.delete(key);
      if (wasKept || keptKeys.has(key)) save();
    },
    keys: () => [...values.keys()].filter((key) => secretKeys().includes(key)).sort(),
    get kept() {
      return keptKeys.size > 0;
    },
    mask(text) {
      let masked = text;
      // Longer values first, so a secret that contains another is masked whole.
      const secrets = [...values.values()].filter((value) => value !== '').sort((a, b) => b.length - a.length);
      for (const secret of secrets) masked = masked.split(secret).join(SECRET_MASK);
      return masked;
    },
  };
}
