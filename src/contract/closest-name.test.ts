import { describe, expect, it } from 'vitest';
import { closestNames, didYouMean } from './closest-name.js';
import { PERMISSION_IDS } from './permissions.js';
import { NS_PORT_TYPES } from './port-type-ids.js';

describe('closestNames', () => {
  it.each([
    ['terminal.write', PERMISSION_IDS, ['terminals.write']],
    ['agent.read', PERMISSION_IDS, ['agents.read']],
    ['ns:taks', NS_PORT_TYPES, ['ns:task', 'ns:tasks']],
    ['ns:markdwon', NS_PORT_TYPES, ['ns:markdown']],
    ['valdiate', ['create', 'dev', 'validate', 'pack', 'types'], ['validate']],
    ['Number', ['string', 'number'], ['number']],
    ['run_test', ['run_tests', 'read_file'], ['run_tests']],
  ] as const)('%s → %j', (word, candidates, expected) => {
    expect(closestNames(word, candidates)).toEqual(expected);
  });

  it('suggests nothing for a known name, a far one, a non-string or a very long one', () => {
    expect(closestNames('network', PERMISSION_IDS)).toEqual([]);
    expect(closestNames('launch.rockets', PERMISSION_IDS)).toEqual([]);
    expect(closestNames(42, PERMISSION_IDS)).toEqual([]);
    expect(closestNames('n'.repeat(10_000), ['n'])).toEqual([]);
  });
});

describe('didYouMean', () => {
  it('names one or several suggestions, or nothing', () => {
    expect(didYouMean('fs.rad', PERMISSION_IDS)).toBe('; did you mean "fs.read"?');
    expect(didYouMean('ns:taks', NS_PORT_TYPES)).toBe('; did you mean "ns:task" or "ns:tasks"?');
    expect(didYouMean('zzz', PERMISSION_IDS)).toBe('');
  });
});
