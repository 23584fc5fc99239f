import { forwardRef } from 'react';
import { describe, expect, it } from 'vitest';
import * as components from '../components/index.js';
import * as hooks from '../hooks/index.js';
import {
  coveredNames,
  coversWithoutUse,
  isComponentExport,
  missingStories,
  storyTargets,
  unknownCovers,
  type StoriesModule,
} from '../.storybook/story-coverage.js';

const loaded = import.meta.glob<StoriesModule>('../stories/**/*.stories.tsx', { eager: true });
const sources = import.meta.glob<string>('../stories/**/*.stories.tsx', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const storyFiles = Object.keys(loaded).map((path) => ({ path, module: loaded[path], source: sources[path] ?? '' }));
const storyModules = storyFiles.map((file) => file.module);

describe('every exported component and hook has a story', () => {
  const targets = storyTargets(components, hooks);

  it('finds the kit and the hooks to check', () => {
    expect(targets.has('Button')).toBe(true);
    expect(targets.has('CardProvider')).toBe(true);
    expect(targets.has('useStorage')).toBe(true);
    expect(storyModules.length).toBeGreaterThan(0);
  });

  it('has no exported component or hook without a story', () => {
    expect(missingStories(targets, storyModules)).toEqual([]);
  });

  it('names only real exports in parameters.covers', () => {
    expect(unknownCovers(targets, storyModules)).toEqual([]);
  });

  it('calls every hook it claims to cover in the same file', () => {
    expect(coversWithoutUse(storyFiles)).toEqual([]);
  });
});

describe('the coverage rule', () => {
  const Badge = forwardRef<HTMLSpanElement>(function Badge() {
    return null;
  });
  const useThing = () => 1;
  const targets = storyTargets({ Badge, useThing, cx: () => '', ICONS: ['x'] });

  it('takes components (functions and forwardRef objects) and hooks, not helpers or constants', () => {
    expect([...targets.keys()]).toEqual(['Badge', 'useThing']);
    expect(isComponentExport('CardContext', { $$typeof: Symbol.for('react.context') })).toBe(false);
  });

  it('reports a component and a hook that no story covers', () => {
    expect(missingStories(targets, [{ default: { title: 'Other' } }])).toEqual(['Badge', 'useThing']);
  });

  it('counts a meta component and a story-level covers list', () => {
    const module = { default: { component: Badge }, Demo: { parameters: { covers: ['useThing'] } } };
    expect([...coveredNames(targets, [module])].sort()).toEqual(['Badge', 'useThing']);
    expect(missingStories(targets, [module])).toEqual([]);
  });

  it('reports a covers claim whose file never calls the hook', () => {
    const module = { Demo: { parameters: { covers: ['useThing', 'Badge'] } } };
    expect(coversWithoutUse([{ path: 'a.stories.tsx', module, source: 'useThing<number>(); <Badge />' }])).toEqual([]);
    expect(coversWithoutUse([{ path: 'b.stories.tsx', module, source: "covers: ['useThing', 'Badge']" }])).toEqual([
      'b.stories.tsx: Badge',
      'b.stories.tsx: useThing',
    ]);
  });

  it('reports covers names that are not exported', () => {
    expect(unknownCovers(targets, [{ Demo: { parameters: { covers: ['useThnig'] } } }])).toEqual(['useThnig']);
  });
});
