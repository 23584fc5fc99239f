import { forwardRef } from 'react';
import type { ComponentPropsWithoutRef, ComponentRef, ForwardRefExoticComponent, RefAttributes } from 'react';
import { cx } from './class-names.js';

/** Tags a classed kit component can render. */
export type ClassedTag = 'div' | 'span' | 'p';

/** A kit component that renders one element with a fixed kit class. */
export type ClassedComponent<T extends ClassedTag> = ForwardRefExoticComponent<
  ComponentPropsWithoutRef<T> & RefAttributes<ComponentRef<T>>
>;

/** Builds a component that renders `tag` with the kit class `base`, merging `className` and passing the rest. */
export function classed<T extends ClassedTag>(tag: T, base: string, displayName: string): ClassedComponent<T> {
  const Tag = tag as 'div';
  const component = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function Classed(
    { className, ...rest },
    ref,
  ) {
    return <Tag ref={ref} className={cx(base, className)} {...rest} />;
  });
  component.displayName = displayName;
  return component as unknown as ClassedComponent<T>;
}
