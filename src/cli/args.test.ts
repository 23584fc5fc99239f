import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from './args.js';
import { UsageError } from './io.js';

const options = {
  json: { type: 'boolean' },
  out: { type: 'string', short: 'o' },
  'dry-run': { type: 'boolean' },
  template: { type: 'string', short: 't' },
} as const;

function usageMessage(args: string[]): string {
  try {
    parseCommandArgs(args, options, 1);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandArgs on bad input', () => {
  it.each([
    [['--josn'], 'unknown option --josn; did you mean --json?'],
    [['--dryrun'], 'unknown option --dryrun; did you mean --dry-run?'],
    [['--tempalte', 'react'], 'unknown option --tempalte; did you mean --template?'],
    [['--ot=x'], 'unknown option --ot; did you mean --out?'],
    [['--frobnicate'], 'unknown option --frobnicate'],
    [['-x'], 'unknown option -x'],
    [['--out'], 'option --out needs a value'],
    [['-o'], 'option --out needs a value'],
    [['--json=yes'], 'option --json takes no value'],
    [['a', 'b'], 'unexpected argument "b"'],
  ])('%j → %s', (args, message) => {
    expect(usageMessage(args)).toBe(message);
  });

  it('reads good arguments, and nothing after -- as an option', () => {
    const parsed = parseCommandArgs(['-o', 'x.tgz', '--json', '--', '--josn'], options, 2);
    expect(parsed.values).toMatchObject({ out: 'x.tgz', json: true });
    expect(parsed.positionals).toEqual(['--josn']);
  });
});
