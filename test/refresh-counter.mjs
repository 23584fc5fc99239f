// A click counter added to a React template card for the Fast Refresh test and bench: its count is React state.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The counter component's file in the card. */
export const COUNTER_FILE = 'src/Counter.tsx';

const COUNTER = `import { useState } from 'react';

/** Counts clicks in React state (Fast Refresh keeps it across edits). */
export function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  );
}
`;

/** Writes src/Counter.tsx into a React template card and renders it at the top of the card's App. */
export function addCounter(folder) {
  writeFileSync(join(folder, COUNTER_FILE), COUNTER);
  const app = join(folder, 'src', 'App.tsx');
  const text = readFileSync(app, 'utf8')
    .replace(
      "import { sendSummary } from './summary';",
      "import { sendSummary } from './summary';\nimport { Counter } from './Counter';",
    )
    .replace('<Stack className="squad__body">', '<Stack className="squad__body">\n        <Counter />');
  if (!text.includes('<Counter />'))
    throw new Error('the React template changed: no place for the counter in src/App.tsx');
  writeFileSync(app, text);
}
