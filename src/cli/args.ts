import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestNames } from '../contract/closest-name.js';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What `parseCommandArgs` returns: typed option values and the positionals. */
export type ParsedCommandArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

/** The first argument naming an option the command does not have, in our words with a suggestion. */
function unknownOptionMessage(args: readonly string[], options: Options): string | null {
  const shorts = new Map(
    Object.entries(options).flatMap(([name, option]) => (option.short ? [[option.short, name]] : [])),
  );
  for (const arg of args) {
    if (arg === '--') break;
    if (arg.startsWith('--')) {
      const name = arg.slice(2).split('=')[0];
      if (Object.hasOwn(options, name)) continue;
      const guess = closestNames(name, Object.keys(options))[0];
      return `unknown option --${name}${guess ? `; did you mean --${guess}?` : ''}`;
    }
    if (/^-[^-]/.test(arg)) {
      const letter = arg[1];
      if (shorts.has(letter)) continue;
      return `unknown option -${letter}`;
    }
  }
  return null;
}

/** Parses one command's arguments strictly; unknown options, missing values and extra folders are UsageErrors. */
export function parseCommandArgs<O extends Options>(
  args: readonly string[],
  options: O,
  maxPositionals: number,
): ParsedCommandArgs<O> {
  const unknown = unknownOptionMessage(args, options);
  if (unknown) throw new UsageError(unknown);
  let parsed: ParsedCommandArgs<O>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseErrorMessage(error, options));
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(`unexpected argument "${parsed.positionals[maxPositionals]}"`);
  }
  return parsed;
}

/** Node's parser messages in our words: which option wants a value, or which takes none. */
function parseErrorMessage(error: unknown, options: Options): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const long = [...message.matchAll(/--([a-z][\w-]*)/g)]
    .map((match) => match[1])
    .find((name) => Object.hasOwn(options, name));
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && long) {
    return options[long]?.type === 'string' ? `option --${long} needs a value` : `option --${long} takes no value`;
  }
  return message.split('\n')[0] ?? message;
}

/** Compares two x.y.z versions (pre-release sorts before its release); negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core = '', pre] = version.split('+')[0]?.split(/-(.*)/s) ?? [];
    return { parts: core.split('.').map((part) => Number(part)), pre: pre ?? '' };
  };
  const left = parse(a);
  const right = parse(b);
  for (let index = 0; index < 3; index += 1) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0);
    if (difference !== 0) return difference;
  }
  if (left.pre === right.pre) return 0;
  if (left.pre === '') return 1;
  if (right.pre === '') return -1;
  return left.pre < right.pre ? -1 : 1;
}

/** True for a plain x.y.z version (with optional pre-release and build). */
export function isVersion(value: string): boolean {
  return /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(value);
}
