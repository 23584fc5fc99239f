/** The input `dev` reads keys from: standard input, or a stream a test writes to. */
export interface KeyInput {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
  isTTY?: boolean;
  setRawMode?: (mode: boolean) => unknown;
  /** Lets the process end while the input is open (a pipe stays referenced after `pause()`). */
  unref?: () => unknown;
}

/** What the keys do. */
export interface KeyActions {
  /** `r`: reload the card frame. */
  reload(): void;
  /** `q`, Ctrl-C or Ctrl-D: quit. */
  quit(): void;
}

/** Reads single keys (raw mode on a terminal, so no Enter is needed); returns the function that stops reading. */
export function listenForKeys(input: KeyInput, actions: KeyActions): () => void {
  const raw = input.isTTY === true && typeof input.setRawMode === 'function';
  if (raw) input.setRawMode?.(true);
  const listener = (chunk: Buffer | string): void => {
    for (const key of chunk.toString()) {
      if (key === 'r' || key === 'R') actions.reload();
      else if (key === 'q' || key === 'Q' || key === '\u0003' || key === '\u0004') {
        actions.quit();
        return;
      }
    }
  };
  input.on('data', listener);
  input.resume();
  return () => {
    input.off('data', listener);
    if (raw) input.setRawMode?.(false);
    input.pause();
    input.unref?.();
  };
}
