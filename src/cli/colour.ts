import type { CliIo } from './io.js';

/** ANSI styling that turns itself off unless stdout is a terminal and NO_COLOR is unset. */
export interface Palette {
  red: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  cyan: (text: string) => string;
  dim: (text: string) => string;
  bold: (text: string) => string;
}

const codes = {
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
} as const;

/** True when colour may be used (https://no-color.org: any non-empty NO_COLOR turns it off). */
function colourEnabled(io: Pick<CliIo, 'isTTY' | 'env'>): boolean {
  const noColor = io.env.NO_COLOR;
  return io.isTTY && (noColor === undefined || noColor === '') && io.env.TERM !== 'dumb';
}

/** A palette for this io: styled on a colour terminal, identity otherwise. */
export function paletteFor(io: Pick<CliIo, 'isTTY' | 'env'>): Palette {
  const on = colourEnabled(io);
  const style = (name: keyof typeof codes) => (text: string) =>
    on ? `\u001b[${codes[name][0]}m${text}\u001b[${codes[name][1]}m` : text;
  return {
    red: style('red'),
    green: style('green'),
    yellow: style('yellow'),
    cyan: style('cyan'),
    dim: style('dim'),
    bold: style('bold'),
  };
}

/** Writes `› text…` progress lines to stderr (dim on a colour terminal), so stdout stays the result. */
export function progressLine(io: Pick<CliIo, 'isTTY' | 'env' | 'err'>): (text: string) => void {
  const palette = paletteFor(io);
  return (text) => io.err(`${palette.dim('›')} ${text}…\n`);
}
