import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CANVAS_FILE } from '../dev/canvas-file.js';
import { startCanvasServer, type CanvasServer, type CanvasServerOptions } from '../dev/canvas-server.js';
import { claudeMcpAddCommand } from '../dev/dev-mcp.js';
import { resolveCardFolder } from './card-folder.js';
import type { CliIo } from './io.js';

/** The layout file `dev` uses: `--canvas <file>`, else `neurosquad-canvas.json` in the first folder. */
export function canvasFileFor(io: CliIo, folders: readonly string[], option: string | undefined): string {
  return option === undefined ? join(folders[0] ?? io.cwd, CANVAS_FILE) : resolve(io.cwd, option);
}

/**
 * Whether `dev` hosts a canvas rather than one card: several folders, `--canvas`, or a layout file in the first
 * folder. One folder without a layout file runs exactly as before.
 */
export function wantsCanvas(folders: readonly string[], option: string | undefined, file: string): boolean {
  return folders.length > 1 || option !== undefined || existsSync(file);
}

/** The absolute card folders named on the command line (the current folder when none). */
export function cardFolders(io: CliIo, positionals: readonly string[]): string[] {
  return positionals.length === 0
    ? [resolveCardFolder(io.cwd, undefined)]
    : positionals.map((p) => resolveCardFolder(io.cwd, p));
}

/** Starts the canvas and prints where it is and what it holds. */
export async function startCanvas(
  io: CliIo,
  options: CanvasServerOptions,
  bold: (text: string) => string,
): Promise<CanvasServer> {
  const canvas = await startCanvasServer(options);
  const lines = canvas.cards.map(
    ({ name, server }) =>
      `  ${name}: files from ${server.cardOrigin} · ${server.build ? `watching ${server.build.label}` : 'served as it is'}\n`,
  );
  io.out(
    `canvas of ${canvas.cards.length} card${canvas.cards.length === 1 ? '' : 's'} on the dev host: ${bold(canvas.hostUrl)}\n` +
      `${lines.join('')}  layout: ${options.canvasFile}\n` +
      `  every card's tools over MCP at ${canvas.mcp.url}; add to Claude Code:\n    ${claudeMcpAddCommand(canvas.mcp)}\n` +
      `  ${bold('r')} reload · ${bold('q')} quit\n`,
  );
  return canvas;
}
