// The JS heap a connected card holds (the client and its mock host, Node, after garbage collection): cards
// connected and kept, the heap compared before and after, per card. `--against <git ref>` measures that commit's
// build in the same run, interleaved round by round, so the two figures share the machine's state.
// Run with --expose-gc (bench/run.mjs does).
import { createMockHost } from '../dist/testing/index.js';
import { median, mockAt, writeResult } from './support.mjs';

/** The published 1.3's figure (KB per connected card, client and mock host), as issue 27 measured it. */
export const PUBLISHED_KB = 18.4;
const CARDS = 200;
const ROUNDS = 5;

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

async function collect() {
  for (let i = 0; i < 4; i += 1) {
    globalThis.gc();
    await settle();
  }
  return process.memoryUsage().heapUsed;
}

/** Bytes held per connected card: `CARDS` hosts with their cards, kept until the heap is read. */
async function heldPerCard(create) {
  const kept = [];
  const before = await collect();
  for (let i = 0; i < CARDS; i += 1) {
    const host = create();
    const card = await host.connect({ theme: false, syncLang: false, forwardErrors: false });
    kept.push([host, card]);
  }
  const after = await collect();
  for (const [host, card] of kept) {
    card.close();
    host.close();
  }
  return (after - before) / CARDS;
}

if (!globalThis.gc) {
  console.error('heap-per-card: run with node --expose-gc');
  process.exit(1);
}
const againstAt = process.argv.indexOf('--against');
const against = againstAt > 0 ? process.argv[againstAt + 1] : undefined;
const other = against ? await mockAt(against) : undefined;

// Warm-up: module-level tables built on first use are not a card's.
await heldPerCard(createMockHost);
if (other) await heldPerCard(other.createMockHost);
const ours = [];
const theirs = [];
for (let round = 0; round < ROUNDS; round += 1) {
  ours.push(await heldPerCard(createMockHost));
  if (other) theirs.push(await heldPerCard(other.createMockHost));
}
const kb = (bytes) => Number((bytes / 1000).toFixed(1));
const result = {
  cards: CARDS,
  rounds: ROUNDS,
  node: process.version,
  heldKbPerCard: kb(median(ours)),
  publishedKb: PUBLISHED_KB,
  ratioToPublished: Number((median(ours) / 1000 / PUBLISHED_KB).toFixed(2)),
  ...(other ? { against, heldKbPerCardAgainst: kb(median(theirs)) } : {}),
};
console.log(
  `heap per connected card (client + mock host, after GC): ${result.heldKbPerCard} KB; published 1.3 ${PUBLISHED_KB} KB` +
    (other ? `; ${result.heldKbPerCardAgainst} KB at ${against} (same run)` : ''),
);
writeResult('heap-per-card', result);
