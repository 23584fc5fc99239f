// The canvas layout file, `neurosquad-canvas.json`: the cards (folders and built-in peers), where they sit, and
// the arrows between them. Read at start, written when the page changes the layout; readable and writable by hand.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/** The layout file's name, beside (inside) the first card folder unless `--canvas <file>` names another. */
export const CANVAS_FILE = 'neurosquad-canvas.json';

/** The kinds of built-in peer a canvas can hold (the app's own cards, as the ports page lists them). */
export const BUILTIN_KINDS = ['note', 'todo', 'kanban', 'sticky', 'agent', 'terminal'] as const;

/** One built-in peer kind. */
export type BuiltinKind = (typeof BUILTIN_KINDS)[number];

/** Where a card sits on the canvas and how large it is drawn (px); every field optional. */
export interface CanvasPlace {
  x?: number;
  y?: number;
  w?: number;
  h?: number;
}

/** A card folder on the canvas (relative to the file, as written; absolute once read). */
interface CanvasFolderCard extends CanvasPlace {
  folder: string;
}

/** A built-in peer on the canvas, named by its `id`; `state` is what it holds (a note's text, a list's items). */
export interface CanvasBuiltinCard extends CanvasPlace {
  builtin: BuiltinKind;
  id: string;
  state?: unknown;
}

/** One entry of `cards`. */
type CanvasCard = CanvasFolderCard | CanvasBuiltinCard;

/** An arrow from one card to another, each named by its manifest `name` or its built-in `id`. */
export interface CanvasArrow {
  from: string;
  to: string;
}

/** The whole layout. */
export interface CanvasLayout {
  cards: CanvasCard[];
  arrows: CanvasArrow[];
}

/** A problem in the file: which file, where in it (a JSON path such as `cards[1].builtin`), and what. */
export interface CanvasFinding {
  file: string;
  path: string;
  message: string;
}

/** What reading the file gave: the entries that make sense, and a finding for each that did not. */
export interface CanvasRead {
  layout: CanvasLayout;
  findings: CanvasFinding[];
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPlace(entry: Record<string, unknown>, path: string, add: (path: string, message: string) => void) {
  const place: CanvasPlace = {};
  for (const key of ['x', 'y', 'w', 'h'] as const) {
    const value = entry[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || ((key === 'w' || key === 'h') && value <= 0)) {
      add(`${path}.${key}`, `must be a ${key === 'w' || key === 'h' ? 'positive ' : ''}number`);
      continue;
    }
    place[key] = Math.round(value);
  }
  return place;
}

function readCard(
  entry: unknown,
  path: string,
  base: string,
  add: (path: string, message: string) => void,
): CanvasCard | null {
  if (!isRecord(entry)) {
    add(path, 'must be an object: { "folder": "../card" } or { "builtin": "note", "id": "note-1" }');
    return null;
  }
  const place = readPlace(entry, path, add);
  if (entry.folder !== undefined) {
    if (typeof entry.folder !== 'string' || entry.folder.trim() === '') {
      add(`${path}.folder`, 'must be a folder path (relative to this file)');
      return null;
    }
    return { folder: resolve(base, entry.folder), ...place };
  }
  if (entry.builtin !== undefined) {
    if (typeof entry.builtin !== 'string' || !(BUILTIN_KINDS as readonly string[]).includes(entry.builtin)) {
      add(`${path}.builtin`, `must be one of ${BUILTIN_KINDS.join(', ')}`);
      return null;
    }
    if (typeof entry.id !== 'string' || !ID.test(entry.id)) {
      add(`${path}.id`, 'must name the built-in card: letters, digits, ".", "_" or "-", at most 64');
      return null;
    }
    const card: CanvasBuiltinCard = { builtin: entry.builtin as BuiltinKind, id: entry.id, ...place };
    if (entry.state !== undefined) card.state = entry.state;
    return card;
  }
  add(path, 'needs "folder" (a card folder) or "builtin" with an "id"');
  return null;
}

/** Reads the layout out of a parsed value; `file` names it in findings, folders resolve against its folder. */
export function readCanvasLayout(value: unknown, file: string): CanvasRead {
  const findings: CanvasFinding[] = [];
  const add = (path: string, message: string): void => void findings.push({ file, path, message });
  const layout: CanvasLayout = { cards: [], arrows: [] };
  if (!isRecord(value)) {
    add('$', 'must be an object with "cards" and "arrows"');
    return { layout, findings };
  }
  const base = dirname(file);
  if (value.cards !== undefined && !Array.isArray(value.cards)) add('cards', 'must be an array');
  const cards: unknown[] = Array.isArray(value.cards) ? value.cards : [];
  cards.forEach((entry, index) => {
    const card = readCard(entry, `cards[${index}]`, base, add);
    if (card) layout.cards.push(card);
  });
  if (value.arrows !== undefined && !Array.isArray(value.arrows)) add('arrows', 'must be an array');
  const arrows: unknown[] = Array.isArray(value.arrows) ? value.arrows : [];
  arrows.forEach((entry, index) => {
    const path = `arrows[${index}]`;
    if (!isRecord(entry) || typeof entry.from !== 'string' || typeof entry.to !== 'string') {
      add(path, 'must be { "from": "<card name or id>", "to": "<card name or id>" }');
      return;
    }
    if (entry.from === entry.to) {
      add(path, `goes from ${entry.from} to itself`);
      return;
    }
    layout.arrows.push({ from: entry.from, to: entry.to });
  });
  return { layout, findings };
}

/** Reads the file; a missing file is an empty layout, unreadable JSON one finding. */
export function readCanvasFile(file: string): CanvasRead {
  if (!existsSync(file)) return { layout: { cards: [], arrows: [] }, findings: [] };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { layout: { cards: [], arrows: [] }, findings: [{ file, path: '$', message: `is not JSON: ${message}` }] };
  }
  return readCanvasLayout(value, file);
}

/** Points at an arrow's end that names no card on the canvas. */
export function unknownArrowEnds(layout: CanvasLayout, names: ReadonlySet<string>, file: string): CanvasFinding[] {
  const findings: CanvasFinding[] = [];
  layout.arrows.forEach((arrow, index) => {
    for (const end of ['from', 'to'] as const) {
      if (!names.has(arrow[end])) {
        findings.push({
          file,
          path: `arrows[${index}].${end}`,
          message: `names no card on the canvas ("${arrow[end]}"; cards: ${[...names].join(', ') || 'none'})`,
        });
      }
    }
  });
  return findings;
}

/** Writes the layout (folders relative to the file), through a temporary file so a reader never sees half. */
export function writeCanvasFile(file: string, layout: CanvasLayout): void {
  const base = dirname(file);
  const cards = layout.cards.map((card) => {
    if (!('folder' in card)) return card;
    const path = relative(base, card.folder).split(sep).join('/');
    return { ...card, folder: path === '' ? '.' : path };
  });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ cards, arrows: layout.arrows }, null, 2)}\n`);
  renameSync(temporary, file);
}
