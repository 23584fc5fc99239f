// Runs one fuzzed surface and tallies what went wrong per input: crashes (a throw out of the surface, an unhandled
// rejection, an error the SDK caught and logged), hangs (a request not settled in its bound), prototype pollution,
// refusals that are not coded, and outcomes that are coded but wrong (another code than the contract's, a call
// settled otherwise than with its answer). With FUZZ_RESULTS set, each surface writes its tally there as JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect, isDeepStrictEqual } from 'node:util';
import { CardSdkError, isCardSdkErrorCode } from '../../src/contract/errors.js';
import { seeded, type Random } from './junk.js';

/** Inputs per surface: FUZZ_RUNS, or the CI size. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** A vitest timeout that grows with the run size (20 ms an input: a loaded machine at full size). */
export const TIMEOUT_MS = Math.max(30_000, RUNS * 20);

/** What one input may report. */
export interface Report {
  /** The surface threw or failed in a way a card or host would see as a crash. */
  crash(detail: string): void;
  /** A request or wait that did not settle within its bound. */
  hang(detail: string): void;
  /** A refusal without a known code, a method or a hint. */
  uncoded(detail: string): void;
  /** Input a rule must refuse got through (a header with CR/LF sent, a result for a request that was refused). */
  accepted(detail: string): void;
  /**
   * A coded outcome that is not the right one: a refusal with another code than the contract gives that input, an
   * answered call settled otherwise than with its answer, a request a check should have stopped reaching a handler.
   */
  wrong(detail: string): void;
}

/** The tally of one surface, as the results file lists it. */
export interface SurfaceTally {
  surface: string;
  seed: number;
  inputs: number;
  crashes: number;
  hangs: number;
  pollution: number;
  uncoded: number;
  accepted: number;
  wrong: number;
  /** The first few problems, each with the input number to replay it. */
  examples: string[];
  ms: number;
}

const PROTOTYPES: ReadonlyArray<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];

/** Every own property of the shared prototypes: its key, and the identity of its value, getter and setter. */
function prototypeSnapshot(): unknown[] {
  const snapshot: unknown[] = [];
  for (const [, prototype] of PROTOTYPES) {
    for (const key of Reflect.ownKeys(prototype)) {
      const descriptor: Record<string, unknown> = { ...Object.getOwnPropertyDescriptor(prototype, key) };
      snapshot.push(key, descriptor.value, descriptor.get, descriptor.set);
    }
  }
  return snapshot;
}

/** The members that differ between two snapshots, named for the report. */
function changedKeys(before: unknown[], after: unknown[]): string[] {
  if (before.length === after.length && before.every((entry, index) => entry === after[index])) return [];
  const named = (snapshot: unknown[]): Set<string> => {
    const keys = new Set<string>();
    for (let index = 0; index < snapshot.length; index += 4) {
      const values = snapshot.slice(index + 1, index + 4).map((value) => typeof value);
      keys.add(`${String(snapshot[index])}:${values.join()}`);
    }
    return keys;
  };
  const old = named(before);
  const changed = [...named(after)].filter((key) => !old.has(key));
  return changed.length > 0 ? changed : ['a member was replaced'];
}

/**
 * Why `error` is not a well-formed refusal (`null` when it is): a `CardSdkError` with a code of the contract (or one
 * of `extra`, such as the code a host sent), `only` restricting them further, a hint, and the method when given.
 */
export function refusalProblem(
  error: unknown,
  options: { method?: string | undefined; extra?: readonly string[]; only?: readonly string[] } = {},
): string | null {
  if (!(error instanceof CardSdkError)) return `not a CardSdkError: ${describe(error)}`;
  const code: string = error.code;
  if (!isCardSdkErrorCode(code) && !options.extra?.includes(code)) return `unknown code ${code}`;
  if (options.only && !options.only.includes(code)) return `code ${code} not one of ${options.only.join()}`;
  if (typeof error.hint !== 'string' || error.hint === '') return `${code} without a hint`;
  if (typeof error.hostMessage !== 'string' || typeof error.message !== 'string') return `${code} without text`;
  if (options.method !== undefined && error.method !== options.method) {
    return `${code} names ${String(error.method)}, not ${options.method}`;
  }
  return null;
}

/** Why a wire error payload is malformed (`null` when it is well-formed): a known code and a string message. */
export function payloadProblem(payload: unknown, codes?: readonly string[]): string | null {
  if (payload === null || typeof payload !== 'object') return `error payload ${describe(payload)}`;
  const { code, message } = payload as { code?: unknown; message?: unknown };
  if (!isCardSdkErrorCode(code)) return `code ${describe(code)}`;
  if (codes && !codes.includes(code)) return `code ${code} not one of ${codes.join()}`;
  if (typeof message !== 'string') return `${code} with message ${describe(message)}`;
  return null;
}

/** Deep equality of two clones, an Invalid Date equal to another (isDeepStrictEqual compares their NaN times). */
export function sameValue(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b) || inspect(a, { depth: 100 }) === inspect(b, { depth: 100 });
}

/** A short, never-throwing description of any value. */
export function describe(value: unknown): string {
  try {
    if (value instanceof Error) return `${value.name}: ${value.message}`.slice(0, 160);
    if (typeof value === 'string') return JSON.stringify(value.slice(0, 80));
    if (typeof value !== 'object' || value === null) return String(value).slice(0, 80);
    return (JSON.stringify(value) ?? typeof value).slice(0, 160);
  } catch {
    return `an unprintable ${typeof value}`;
  }
}

/**
 * Runs `each` on RUNS inputs of one seeded source and returns the tally; the shared prototypes are compared after
 * every input, unhandled rejections and errors the SDK logs (`[card-sdk…`) count as crashes of the input at hand.
 */
export async function fuzzSurface(
  surface: string,
  seed: number,
  each: (random: Random, report: Report, input: number) => void | Promise<void>,
  runs: number = RUNS,
): Promise<SurfaceTally> {
  const tally: SurfaceTally = {
    surface,
    seed,
    inputs: 0,
    crashes: 0,
    hangs: 0,
    pollution: 0,
    uncoded: 0,
    accepted: 0,
    wrong: 0,
    examples: [],
    ms: 0,
  };
  let input = 0;
  const note = (kind: 'crashes' | 'hangs' | 'pollution' | 'uncoded' | 'accepted' | 'wrong', detail: string): void => {
    tally[kind] += 1;
    if (tally.examples.length < 12) tally.examples.push(`input ${input}: ${kind}: ${detail}`);
  };
  const report: Report = {
    crash: (detail) => note('crashes', detail),
    hang: (detail) => note('hangs', detail),
    uncoded: (detail) => note('uncoded', detail),
    accepted: (detail) => note('accepted', detail),
    wrong: (detail) => note('wrong', detail),
  };
  const onRejection = (reason: unknown): void => note('crashes', `unhandled rejection ${describe(reason)}`);
  const onException = (error: unknown): void => note('crashes', `uncaught ${describe(error)}`);
  const original = { error: console.error, warn: console.warn, log: console.log };
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[card-sdk'))
      note('crashes', `logged ${args.map(describe).join(' ')}`);
  };
  console.warn = () => undefined;
  console.log = () => undefined;
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  const started = performance.now();
  const random = seeded(seed);
  let before = prototypeSnapshot();
  try {
    for (input = 0; input < runs; input += 1) {
      try {
        await each(random, report, input);
      } catch (error) {
        note(
          'crashes',
          `threw ${describe(error)} ${String((error as Error)?.stack)
            .split('\n')
            .slice(1, 4)
            .join(' ')}`,
        );
      }
      const after = prototypeSnapshot();
      const changed = changedKeys(before, after);
      if (changed.length > 0) {
        note('pollution', changed.join(', '));
        before = after;
      }
      tally.inputs += 1;
    }
    // Rejections are reported a turn after the input that made them (setImmediate: tests may fake timers).
    await turns(4);
  } finally {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    Object.assign(console, original);
  }
  tally.ms = Math.round(performance.now() - started);
  const folder = process.env.FUZZ_RESULTS;
  if (folder) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${surface.replace(/[^a-z0-9]+/gi, '-')}.json`), `${JSON.stringify(tally)}\n`);
  }
  return tally;
}

/** Lets `rounds` turns of the event loop pass (promise chains, MessagePort traffic), whatever timers are faked. */
export async function turns(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** The tally with its problem counts only, for one assertion that prints the examples when it fails. */
export function problems(tally: SurfaceTally): Record<string, unknown> {
  const { crashes, hangs, pollution, uncoded, accepted, wrong } = tally;
  const counts = { inputs: tally.inputs, crashes, hangs, pollution, uncoded, accepted, wrong };
  return crashes + hangs + pollution + uncoded + accepted + wrong === 0
    ? counts
    : { ...counts, examples: tally.examples };
}

/** What a clean surface's tally of `RUNS` inputs looks like to {@link problems}. */
export const CLEAN = { inputs: RUNS, crashes: 0, hangs: 0, pollution: 0, uncoded: 0, accepted: 0, wrong: 0 };
