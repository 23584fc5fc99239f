import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// waitFor and findBy* give a loaded machine 3 s instead of 1 s, and still fail with their own message before the
// test's 5 s timeout.
configure({ asyncUtilTimeout: 3_000 });

// jsdom has no clipboard; Storybook only injects userEvent into play() when it exists.
if (typeof navigator !== 'undefined' && !('clipboard' in navigator)) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async () => {}, readText: async () => '' },
  });
}
