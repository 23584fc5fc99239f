// Where an arrow of the canvas runs, with no DOM: the straight line between the centres of two tiles when no other
// tile (grown by a margin) sits across it, else the shortest way around them, found on a visibility graph over the
// corners of the grown tiles; from the edge of one tile to the edge of the other. Drawn as an SVG path with rounded
// corners. When no way is found (a tile walled in by others), the straight line is the route.

/** A tile's box on the board (left, top, width, height), in the board's pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A point on the board. */
export interface Point {
  x: number;
  y: number;
}

/** An arrow's route: its points, from the source's edge to the target's, and whether it keeps clear of the others. */
export interface ArrowRoute {
  points: Point[];
  /** False when no way round the other tiles was found: `points` is then the straight line. */
  clear: boolean;
}

/** How far the route keeps from the other tiles by default, in pixels. */
const MARGIN = 16;
/** What counts as touching rather than crossing, in pixels. */
const EPS = 1e-6;

function grow(box: Box, by: number): Box {
  return { x: box.x - by, y: box.y - by, w: box.w + 2 * by, h: box.h + 2 * by };
}

function centre(box: Box): Point {
  return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** Where the line from the centre of `box` towards `toward` leaves the box. */
function edgePoint(box: Box, toward: Point): Point {
  const { x: cx, y: cy } = centre(box);
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(
    dx === 0 ? Infinity : Math.abs(box.w / 2 / dx),
    dy === 0 ? Infinity : Math.abs(box.h / 2 / dy),
  );
  return { x: cx + dx * scale, y: cy + dy * scale };
}

/** Whether `point` is inside `box`, its edge left out. */
function inside(point: Point, box: Box): boolean {
  return (
    point.x > box.x + EPS && point.x < box.x + box.w - EPS && point.y > box.y + EPS && point.y < box.y + box.h - EPS
  );
}

/** Whether the segment `a`–`b` runs through the inside of `box` (running along its edge or touching a corner does
 * not count): Liang–Barsky clipping against the box shrunk by EPS. */
function crosses(a: Point, b: Point, box: Box): boolean {
  const left = box.x + EPS;
  const right = box.x + box.w - EPS;
  const top = box.y + EPS;
  const bottom = box.y + box.h - EPS;
  if (left >= right || top >= bottom) return false;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let enter = 0;
  let leave = 1;
  const sides: [number, number][] = [
    [-dx, a.x - left],
    [dx, right - a.x],
    [-dy, a.y - top],
    [dy, bottom - a.y],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return false;
  }
  return true;
}

function clear(a: Point, b: Point, boxes: readonly Box[]): boolean {
  return boxes.every((box) => !crosses(a, b, box));
}

function cornersOf(box: Box): Point[] {
  return [
    { x: box.x, y: box.y },
    { x: box.x + box.w, y: box.y },
    { x: box.x + box.w, y: box.y + box.h },
    { x: box.x, y: box.y + box.h },
  ];
}

/** The points without those in the middle of a straight run. */
function straightened(points: readonly Point[]): Point[] {
  const kept: Point[] = [];
  for (const point of points) {
    const [before, last] = [kept[kept.length - 2], kept[kept.length - 1]];
    if (before && last) {
      const cross = (last.x - before.x) * (point.y - last.y) - (last.y - before.y) * (point.x - last.x);
      const onward = (last.x - before.x) * (point.x - last.x) + (last.y - before.y) * (point.y - last.y) >= 0;
      if (Math.abs(cross) < 1e-6 && onward) kept.pop();
    }
    kept.push(point);
  }
  return kept;
}

/** Routes an arrow from tile `from` to tile `to` at least `margin` pixels clear of the `others` (the other tiles). */
export function routeArrow(from: Box, to: Box, others: readonly Box[], margin: number = MARGIN): ArrowRoute {
  // The straight line when it is clear, else the shortest polyline round them, else (no way found) the straight line.
  const start = centre(from);
  const end = centre(to);
  const straight = [edgePoint(from, end), edgePoint(to, start)];
  const blocks = others.map((box) => grow(box, margin));
  if (clear(straight[0], straight[1], blocks)) return { points: straight, clear: true };

  // Nodes: 0 is the source, 1 the target, then the corners of every grown tile that no grown tile covers.
  const fromZone = grow(from, margin);
  const toZone = grow(to, margin);
  const all = [...blocks, fromZone, toZone];
  const corners = all.flatMap(cornersOf).filter((point) => !all.some((box) => inside(point, box)));
  const leavingFrom = [...blocks, toZone];
  const reachingTo = [...blocks, fromZone];
  // The cost of going from node `u` to node `v` (a corner or the target), or null when something is in the way; a
  // run from or to a tile is measured from its centre, which favours routes that leave a tile straight from its middle
  // over ones hugging its corner.
  const step = (u: number, v: number): number | null => {
    if (v === 1) {
      if (u === 0) return null; // the straight line, already refused
      const corner = corners[u - 2];
      const entry = edgePoint(to, corner);
      return clear(corner, entry, reachingTo) ? distance(corner, end) : null;
    }
    const next = corners[v - 2];
    if (u === 0) {
      const exit = edgePoint(from, next);
      return clear(exit, next, leavingFrom) ? distance(start, next) : null;
    }
    const corner = corners[u - 2];
    return clear(corner, next, all) ? distance(corner, next) : null;
  };

  // Dijkstra over the few nodes, the edges found as the nodes are settled.
  const count = corners.length + 2;
  const cost = new Array<number>(count).fill(Infinity);
  const previous = new Array<number>(count).fill(-1);
  const settled = new Array<boolean>(count).fill(false);
  cost[0] = 0;
  for (;;) {
    let u = -1;
    for (let node = 0; node < count; node += 1) {
      if (!settled[node] && cost[node] < Infinity && (u === -1 || cost[node] < cost[u])) u = node;
    }
    if (u === -1) return { points: straight, clear: false };
    if (u === 1) break;
    settled[u] = true;
    for (let v = 1; v < count; v += 1) {
      if (settled[v]) continue;
      const length = step(u, v);
      if (length !== null && cost[u] + length < cost[v]) {
        cost[v] = cost[u] + length;
        previous[v] = u;
      }
    }
  }
  const way: Point[] = [];
  for (let node = previous[1]; node > 0; node = previous[node]) way.unshift(corners[node - 2]);
  return { points: straightened([edgePoint(from, way[0]), ...way, edgePoint(to, way[way.length - 1])]), clear: true };
}

function rounded(value: number): number {
  return Math.round(value * 10) / 10;
}

function at(point: Point): string {
  return `${rounded(point.x)},${rounded(point.y)}`;
}

/** `from` moved `by` pixels towards `to`. */
function towards(from: Point, to: Point, by: number): Point {
  const length = distance(from, to) || 1;
  return { x: from.x + ((to.x - from.x) * by) / length, y: from.y + ((to.y - from.y) * by) / length };
}

/** The SVG path data of a route: its straight runs, each bend rounded by a curve of at most `radius` pixels. */
export function roundedPath(points: readonly Point[], radius = 12): string {
  // A bend wraps a grown tile's corner with its two runs at least 90° apart on the tile's side, so its curve comes
  // at most 0.36 × radius inside that corner: with a radius up to the margin it stays clear of the tile itself.
  if (points.length === 0) return '';
  const parts = [`M${at(points[0])}`];
  for (let index = 1; index < points.length - 1; index += 1) {
    const [before, corner, after] = [points[index - 1], points[index], points[index + 1]];
    const r = Math.min(radius, distance(before, corner) / 2, distance(corner, after) / 2);
    parts.push(`L${at(towards(corner, before, r))}`, `Q${at(corner)} ${at(towards(corner, after, r))}`);
  }
  if (points.length > 1) parts.push(`L${at(points[points.length - 1])}`);
  return parts.join(' ');
}
