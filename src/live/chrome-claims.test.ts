// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CardSdkError } from '../index.js';
import { createChromeClaims, createChromeValue } from './chrome-claims.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A chrome field that records what was sent to it. */
function field(refuse = false) {
  const sent: Array<string | null> = [];
  return {
    sent,
    send: (value: string) => {
      sent.push(value);
      return refuse ? Promise.reject(new CardSdkError('INVALID_PARAMS', 'too long')) : Promise.resolve();
    },
    clear: () => {
      sent.push(null);
      return Promise.resolve();
    },
  };
}

describe('createChromeValue', () => {
  it('sends a value once per JSON change and clears the field when released', async () => {
    const title = field();
    const holder = createChromeValue(createChromeClaims(), 'card.setTitle', title.send, title.clear);
    holder.show('Build');
    holder.show('Build');
    holder.show('Deploy');
    holder.release();
    await tick();
    expect(title.sent).toEqual(['Build', 'Deploy', null]);
  });

  it('brings back the value of the holder that set the field before', async () => {
    const title = field();
    const claims = createChromeClaims();
    const first = createChromeValue(claims, 'card.setTitle', title.send, title.clear);
    const second = createChromeValue(claims, 'card.setTitle', title.send, title.clear);
    first.show('first');
    second.show('second');
    second.release();
    await tick();
    expect(title.sent).toEqual(['first', 'second', 'first']);
  });

  it('changes nothing when released and shown again in the same task (a StrictMode remount)', async () => {
    const title = field();
    const holder = createChromeValue(createChromeClaims(), 'card.setTitle', title.send, title.clear);
    holder.show('same');
    holder.release();
    holder.show('same');
    await tick();
    expect(title.sent).toEqual(['same']);
  });

  it('shows why the app refused the last value', async () => {
    const title = field(true);
    const holder = createChromeValue(createChromeClaims(), 'card.setTitle', title.send, title.clear);
    let heard = 0;
    holder.subscribe(() => (heard += 1));
    holder.show('x'.repeat(500));
    await tick();
    expect(holder.getSnapshot().error?.code).toBe('INVALID_PARAMS');
    expect(heard).toBe(1);
  });
});
