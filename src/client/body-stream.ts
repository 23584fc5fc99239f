/** One piece of a streamed body: text, or bytes for base64 chunks. */
export type BodyChunk = string | Uint8Array;

/** A single-reader queue of streamed response chunks fed by `net.chunk` events. */
export interface BodyStream {
  /** Adds a chunk. */
  push(chunk: BodyChunk): void;
  /** Marks the end of the body. */
  finish(): void;
  /** Ends the body with an error (readers reject with it). */
  fail(error: unknown): void;
  /** Yields chunks as they arrive until the end (or throws the failure). */
  read(): AsyncGenerator<BodyChunk, void, undefined>;
}

/** Creates an empty body stream. */
export function createBodyStream(): BodyStream {
  const chunks: BodyChunk[] = [];
  let done = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;

  const signal = (): void => {
    const next = wake;
    wake = null;
    next?.();
  };

  return {
    push(chunk) {
      if (done || failure) return;
      chunks.push(chunk);
      signal();
    },
    finish() {
      if (failure) return;
      done = true;
      signal();
    },
    fail(error) {
      if (done || failure) return;
      failure = { error };
      signal();
    },
    async *read() {
      for (;;) {
        if (chunks.length > 0) {
          yield chunks.shift() as BodyChunk;
          continue;
        }
        if (failure) throw failure.error;
        if (done) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
