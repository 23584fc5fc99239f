// Which exported components and hooks have no story: the rule behind test/stories-coverage.test.ts.

/** A loaded stories module: its meta (default export) and its stories. */
export type StoriesModule = Record<string, unknown>;

interface Annotations {
  component?: unknown;
  subcomponents?: Record<string, unknown>;
  parameters?: { covers?: readonly string[] };
}

const REACT_CONTEXT = Symbol.for('react.context');

/** True for a PascalCase export that React can render (a function or a forwardRef/memo object). */
export function isComponentExport(name: string, value: unknown): boolean {
  if (!/^[A-Z][a-z]/.test(name)) return false;
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { $$typeof?: unknown }).$$typeof;
  return typeof type === 'symbol' && type !== REACT_CONTEXT;
}

/** True for an exported hook (`useX`). */
function isHookExport(name: string, value: unknown): boolean {
  return /^use[A-Z]/.test(name) && typeof value === 'function';
}

/** The names a set of modules exports that must each have a story. */
export function storyTargets(...barrels: Record<string, unknown>[]): Map<string, unknown> {
  const targets = new Map<string, unknown>();
  for (const barrel of barrels) {
    for (const [name, value] of Object.entries(barrel)) {
      if (isComponentExport(name, value) || isHookExport(name, value)) targets.set(name, value);
    }
  }
  return targets;
}

function annotationsOf(module: StoriesModule): Annotations[] {
  return Object.entries(module)
    .filter(([, value]) => typeof value === 'object' && value !== null)
    .map(([, value]) => value as Annotations);
}

/** The names the stories cover: each meta's or story's `component`/`subcomponents`, and `parameters.covers`. */
export function coveredNames(targets: Map<string, unknown>, modules: StoriesModule[]): Set<string> {
  const byValue = new Map<unknown, string[]>();
  for (const [name, value] of targets) byValue.set(value, [...(byValue.get(value) ?? []), name]);
  const covered = new Set<string>();
  for (const module of modules) {
    for (const annotations of annotationsOf(module)) {
      const rendered = [annotations.component, ...Object.values(annotations.subcomponents ?? {})];
      for (const value of rendered) for (const name of byValue.get(value) ?? []) covered.add(name);
      for (const name of annotations.parameters?.covers ?? []) covered.add(name);
    }
  }
  return covered;
}

/** Exported components and hooks that no story covers, sorted. */
export function missingStories(targets: Map<string, unknown>, modules: StoriesModule[]): string[] {
  const covered = coveredNames(targets, modules);
  return [...targets.keys()].filter((name) => !covered.has(name)).sort();
}

/** Names in `parameters.covers` that are not exported (a typo would hide a missing story). */
export function unknownCovers(targets: Map<string, unknown>, modules: StoriesModule[]): string[] {
  const unknown = new Set<string>();
  for (const module of modules) {
    for (const annotations of annotationsOf(module)) {
      for (const name of annotations.parameters?.covers ?? []) if (!targets.has(name)) unknown.add(name);
    }
  }
  return [...unknown].sort();
}

/** One stories file: where it is, what it exports and its source text. */
export interface StoriesFile {
  path: string;
  module: StoriesModule;
  source: string;
}

/** `covers` entries whose file never calls the hook (`useX(`) or renders the component (`<X`): a claim without a demo. */
export function coversWithoutUse(files: StoriesFile[]): string[] {
  const unused: string[] = [];
  for (const file of files) {
    const names = new Set(annotationsOf(file.module).flatMap((annotations) => annotations.parameters?.covers ?? []));
    for (const name of names) {
      // A hook call may carry type arguments: useEmit<string>('summary').
      const use = /^use[A-Z]/.test(name) ? new RegExp(`\\b${name}\\s*(<[^()]*>)?\\(`) : new RegExp(`<${name}\\b`);
      if (!use.test(file.source)) unused.push(`${file.path}: ${name}`);
    }
  }
  return unused.sort();
}
