import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../contract/errors.js';
import { createLane } from './lane.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 40));

describe('createLane', () => {
  it('folds 200,000 calls refused with RATE_LIMITED into the newer batch without overflowing, ending with the last value', async () => {
    const answers: Array<(refuse: boolean) => void> = [];
    const sent: number[] = [];
    const accepted: number[] = [];
    const lane = createLane<number>(
      (value) => {
        sent.push(value);
        return new Promise<void>((resolve, reject) => {
          answers.push((refuse) =>
            refuse ? reject(new CardSdkError('RATE_LIMITED', 'slow down', { retryAfterMs: 1 })) : resolve(),
          );
        });
      },
      (value) => accepted.push(value),
    );
    const first = lane.push(-1);
    const folded = Array.from({ length: 200_000 }, (_, i) => lane.push(i));
    answers.shift()?.(false);
    await tick();
    // The 200,000 folded callers are in flight now; one more caller waits behind them.
    expect(sent).toEqual([-1, 199_999]);
    const last = lane.push(200_000);
    answers.shift()?.(true);
    await tick();
    expect(sent.at(-1)).toBe(200_000);
    answers.shift()?.(false);
    await expect(Promise.all([first, ...folded, last])).resolves.toHaveLength(200_002);
    expect(accepted).toEqual([-1, 200_000]);
  });
});
