// Files `dev` writes beside a card that are the author's own (kept secrets, kept storage): named in the card's
// .gitignore, so neither git nor the app (which installs what the repository holds) ever takes them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Adds `# <comment>` and `file` to the card's `.gitignore` (made when missing) unless a line already names it. */
export function ignoreInGit(folder: string, file: string, comment: string): void {
  const path = join(folder, '.gitignore');
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (text.split(/\r?\n/).some((line) => line.trim() === file || line.trim() === `/${file}`)) return;
  writeFileSync(path, `${text.replace(/\n*$/, text === '' ? '' : '\n')}# ${comment}\n${file}\n`);
}
