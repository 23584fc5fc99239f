import { describe, expect, it } from 'vitest';
import { roundedPath, routeArrow, type Box, type Point } from './arrow-route.js';

const MARGIN = 16;

/** Whether `point` lies on the edge of `box` (to a millionth of a pixel). */
function onEdge(point: Point, box: Box): boolean {
  const within =
    point.x >= box.x - 1e-6 &&
    point.x <= box.x + box.w + 1e-6 &&
    point.y >= box.y - 1e-6 &&
    point.y <= box.y + box.h + 1e-6;
  const edge = [point.x - box.x, box.x + box.w - point.x, point.y - box.y, box.y + box.h - point.y].some(
    (gap) => Math.abs(gap) < 1e-6,
  );
  return within && edge;
}

/** Whether `point` is inside `box` grown by `by` (its edge left out). */
function inside(point: Point, box: Box, by: number): boolean {
  return point.x > box.x - by && point.x < box.x + box.w + by && point.y > box.y - by && point.y < box.y + box.h + by;
}

/** Points along the polyline, at most half a pixel apart: checked one by one, not by the router's own geometry. */
function along(points: readonly Point[]): Point[] {
  const samples: Point[] = [];
  points.slice(1).forEach((to, index) => {
    const from = points[index];
    const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) * 2));
    for (let step = 0; step <= steps; step += 1) {
      samples.push({ x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps });
    }
  });
  return samples;
}

/** Points along an SVG path of M, L and Q commands (what `roundedPath` writes). */
function alongPath(d: string): Point[] {
  const samples: Point[] = [];
  let at: Point = { x: 0, y: 0 };
  for (const [, command, numbers] of d.matchAll(/([MLQ])([^MLQ]*)/g)) {
    const [x1, y1, x2, y2] = numbers
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (command === 'M') at = { x: x1, y: y1 };
    else if (command === 'L') {
      samples.push(...along([at, { x: x1, y: y1 }]));
      at = { x: x1, y: y1 };
    } else {
      for (let step = 0; step <= 40; step += 1) {
        const t = step / 40;
        const [a, b, c] = [(1 - t) ** 2, 2 * t * (1 - t), t ** 2];
        samples.push({ x: a * at.x + b * x1 + c * x2, y: a * at.y + b * y1 + c * y2 });
      }
      at = { x: x2, y: y2 };
    }
  }
  return samples;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same layouts on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` tiles on a 2000 × 1400 board, each at least `gap` pixels from every other. */
function layout(random: () => number, count: number, gap: number): Box[] {
  const tiles: Box[] = [];
  while (tiles.length < count) {
    const w = 120 + Math.round(random() * 320);
    const h = 80 + Math.round(random() * 240);
    const tile = { x: Math.round(random() * (2000 - w)), y: Math.round(random() * (1400 - h)), w, h };
    if (tiles.every((other) => !nearer(tile, other, gap))) tiles.push(tile);
  }
  return tiles;
}

/** Whether `a` and `b` are less than `gap` pixels apart (or overlap). */
function nearer(a: Box, b: Box, gap: number): boolean {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

describe('routeArrow', () => {
  it('draws the straight line between the edges when nothing sits across it', () => {
    const from = { x: 0, y: 0, w: 100, h: 100 };
    const to = { x: 300, y: 0, w: 100, h: 100 };
    const route = routeArrow(from, to, [{ x: 150, y: 200, w: 100, h: 100 }]);
    expect(route).toEqual({
      clear: true,
      points: [
        { x: 100, y: 50 },
        { x: 300, y: 50 },
      ],
    });
  });

  it('goes round a third card that sits between, on the shorter side, keeping the margin', () => {
    const from = { x: 0, y: 0, w: 100, h: 100 };
    const to = { x: 400, y: 0, w: 100, h: 100 };
    const between = { x: 200, y: -40, w: 100, h: 200 };
    const route = routeArrow(from, to, [between]);
    expect(route.clear).toBe(true);
    expect(route.points.length).toBeGreaterThan(2);
    expect(onEdge(route.points[0], from)).toBe(true);
    expect(onEdge(route.points[route.points.length - 1], to)).toBe(true);
    // Above the card (its top is 40 px above the cards' tops; its bottom 60 px below their bottoms).
    expect(route.points.slice(1, -1)).toEqual([
      { x: 200 - MARGIN, y: -40 - MARGIN },
      { x: 300 + MARGIN, y: -40 - MARGIN },
    ]);
    expect(along(route.points).filter((point) => inside(point, between, MARGIN - 0.01))).toEqual([]);
  });

  it('goes round a card that only comes within the margin of the straight line', () => {
    const route = routeArrow({ x: 0, y: 0, w: 100, h: 100 }, { x: 400, y: 0, w: 100, h: 100 }, [
      { x: 200, y: 60, w: 100, h: 100 },
    ]);
    expect(route.points.length).toBeGreaterThan(2);
    expect(route.points[1].y).toBe(60 - MARGIN);
  });

  it('gives the straight line, not clear, when the source is walled in', () => {
    const from = { x: 100, y: 100, w: 100, h: 100 };
    const walls = [
      { x: 0, y: 0, w: 300, h: 90 },
      { x: 0, y: 210, w: 300, h: 90 },
      { x: 0, y: 90, w: 90, h: 120 },
      { x: 210, y: 90, w: 90, h: 120 },
    ];
    const to = { x: 600, y: 100, w: 100, h: 100 };
    expect(routeArrow(from, to, walls)).toEqual({
      clear: false,
      points: [
        { x: 200, y: 150 },
        { x: 600, y: 150 },
      ],
    });
  });

  it('never runs through another tile, nor back through its own ends, in 300 random layouts (seeded)', () => {
    const random = seeded(20240611);
    let detours = 0;
    for (let run = 0; run < 300; run += 1) {
      // Tiles 2 × margin + 2 px apart at least: a way round them always exists.
      const tiles = layout(random, 3 + Math.floor(random() * 6), 2 * MARGIN + 2);
      const [from, to, ...others] = tiles;
      const route = routeArrow(from, to, others, MARGIN);
      const context = JSON.stringify({ run, tiles, points: route.points });
      expect(route.clear, context).toBe(true);
      expect(onEdge(route.points[0], from), context).toBe(true);
      expect(onEdge(route.points[route.points.length - 1], to), context).toBe(true);
      const samples = along(route.points);
      for (const other of others) {
        expect(
          samples.filter((point) => inside(point, other, MARGIN - 0.01)),
          context,
        ).toEqual([]);
      }
      expect(
        samples.filter((point) => inside(point, from, -0.01) || inside(point, to, -0.01)),
        context,
      ).toEqual([]);
      // The drawn path's rounded corners stay off the tiles too.
      const drawn = alongPath(roundedPath(route.points, MARGIN));
      for (const other of others)
        expect(
          drawn.filter((point) => inside(point, other, 0)),
          context,
        ).toEqual([]);
      if (route.points.length > 2) detours += 1;
    }
    // The layouts are crowded enough that many arrows have to go round.
    expect(detours).toBeGreaterThan(50);
  });
});

describe('roundedPath', () => {
  it('draws a straight run as one line, and rounds each bend by at most half of either run', () => {
    expect(roundedPath([])).toBe('');
    expect(
      roundedPath([
        { x: 0, y: 0 },
        { x: 5.04, y: 5 },
      ]),
    ).toBe('M0,0 L5,5');
    expect(
      roundedPath(
        [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
          { x: 100, y: 10 },
        ],
        12,
      ),
    ).toBe('M0,0 L95,0 Q100,0 100,5 L100,10');
  });
});
