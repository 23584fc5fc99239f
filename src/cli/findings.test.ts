import { describe, expect, it } from 'vitest';
import { emptyFindings, mergeFindings } from './findings.js';

describe('mergeFindings', () => {
  it('merges 200,000 findings without a stack overflow, in order', () => {
    const more = emptyFindings();
    for (let index = 0; index < 200_000; index += 1) more.errors.push({ where: `f${index}`, message: 'bad' });
    more.warnings.push({ where: '.', message: 'note' });
    const into = mergeFindings({ errors: [{ where: 'first', message: 'bad' }], warnings: [] }, more);
    expect(into.errors).toHaveLength(200_001);
    expect(into.errors[200_000]).toEqual({ where: 'f199999', message: 'bad' });
    expect(into.warnings).toEqual([{ where: '.', message: 'note' }]);
  });
});
