// A card folder set up the way an attacker would: files beside it that must never be served, links out of it.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeValidCard } from '../cli/test-folders.js';

/** What the files outside the card folder hold: no answer of a dev server may contain it. */
export const SECRET_TEXT = 'root:x:0:0:outside the card folder';

/** A card folder beside a file that must never be served, with links of every kind pointing out of it. */
export function hostileCard(temp: () => string): { folder: string; outside: string } {
  const parent = temp();
  const folder = join(parent, 'card');
  mkdirSync(folder);
  writeValidCard(folder);
  const outside = join(parent, 'outside.txt');
  writeFileSync(outside, SECRET_TEXT);
  mkdirSync(join(parent, 'elsewhere'));
  writeFileSync(join(parent, 'elsewhere', 'notes.txt'), SECRET_TEXT);
  symlinkSync(outside, join(folder, 'beside.txt'));
  symlinkSync('/etc/passwd', join(folder, 'passwd.txt'));
  symlinkSync(join(parent, 'elsewhere'), join(folder, 'linked'));
  symlinkSync(join(folder, 'render.js'), join(folder, 'inside-link.js'));
  return { folder, outside };
}
