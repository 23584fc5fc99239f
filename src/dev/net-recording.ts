// `dev --record <file>` and `dev --replay <file>`: the recording file written as responses pass, and read back.
import { readFileSync, writeFileSync } from 'node:fs';
import { RefusalError } from '../cli/io.js';
import { CardSdkError } from '../contract/errors.js';
import { readNetRecording, replayAnswers, type NetRecording, type NetRecordingEntry } from '../testing/replay.js';
import type { NetProxyOptions } from './net-proxy.js';

/**
 * Starts a recording in `path` (an empty one is written at once, so a bad path is refused before the host
 * starts); returns what the proxy calls with each response, which rewrites the file.
 */
export function startNetRecording(path: string): (entry: NetRecordingEntry) => void {
  const recording: NetRecording = { version: 1, entries: [] };
  const save = (): void => writeFileSync(path, `${JSON.stringify(recording, null, 2)}\n`, { mode: 0o600 });
  try {
    save();
  } catch (error) {
    throw new RefusalError(`--record ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (entry) => {
    recording.entries.push(entry);
    save();
  };
}

/** Reads a recording for `--replay`; a missing or malformed file is a `RefusalError` naming what is wrong. */
export function loadNetReplay(path: string): NonNullable<NetProxyOptions['replay']> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    throw new RefusalError(`--replay ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return { answers: replayAnswers(readNetRecording(value, path)), source: path };
  } catch (error) {
    throw new RefusalError(`--replay ${error instanceof CardSdkError ? error.hostMessage : String(error)}`);
  }
}
