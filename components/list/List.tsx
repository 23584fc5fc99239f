import { forwardRef, useCallback, useLayoutEffect, useRef } from 'react';
import type { FocusEvent, HTMLAttributes, KeyboardEvent, Ref } from 'react';
import { cx } from '../class-names.js';

/** Whether a `List` is one Tab stop with arrow keys, over the attributes of its `<ul>`. */
export interface ListProps extends HTMLAttributes<HTMLUListElement> {
  /**
   * One Tab stop for the whole list, with Arrow Up/Down, Home and End moving between its interactive items.
   * On by default; turn it off when every item should be its own Tab stop.
   */
  roving?: boolean;
}

const ITEMS = ':scope > li > .ns-list-item:is(button, a[href]):not(:disabled)';

function assignRef<T>(ref: Ref<T> | undefined, value: T): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T }).current = value;
}

/** A vertical list of rows (`ListItem`s) with roving keyboard focus over the interactive ones. */
export const List = forwardRef<HTMLUListElement, ListProps>(function List(
  { roving = true, className, onKeyDown, onFocus, ...rest },
  ref,
) {
  const own = useRef<HTMLUListElement | null>(null);
  const active = useRef(0);
  const setRef = useCallback(
    (node: HTMLUListElement | null) => {
      own.current = node;
      assignRef(ref, node);
    },
    [ref],
  );
  const items = () => Array.from(own.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
  const settle = () => {
    const all = items();
    if (active.current >= all.length) active.current = Math.max(0, all.length - 1);
    all.forEach((item, index) => {
      item.tabIndex = index === active.current ? 0 : -1;
    });
  };
  // Items come and go between renders; keep exactly one of them in the Tab order.
  useLayoutEffect(() => {
    if (roving) settle();
  });

  const focus = (event: FocusEvent<HTMLUListElement>) => {
    onFocus?.(event);
    if (!roving) return;
    const index = items().indexOf(event.target);
    if (index >= 0) {
      active.current = index;
      settle();
    }
  };
  const keyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    onKeyDown?.(event);
    if (!roving || event.defaultPrevented) return;
    const all = items();
    const index = all.indexOf(event.target as HTMLElement);
    if (index < 0) return;
    const next =
      event.key === 'ArrowDown'
        ? Math.min(all.length - 1, index + 1)
        : event.key === 'ArrowUp'
          ? Math.max(0, index - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    all[next]?.focus();
  };
  // The list only routes arrow keys between its rows' own buttons and links; it is not focusable itself.
  // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
  return <ul ref={setRef} className={cx('ns-list', className)} onFocus={focus} onKeyDown={keyDown} {...rest} />;
});
