import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { Icon } from '../../components/index.js';
import type { MenuEntry } from './chrome-view.js';

/** Props of `CardMenu`. */
export interface CardMenuProps {
  /** The entries the card set with `ui.setMenu`. */
  items: readonly MenuEntry[];
  /** Called with the id of the entry picked. */
  onSelect: (id: string) => void;
}

/** The card's menu button and its popup (`role="menu"`), keyboard usable as a menu button is. */
export function CardMenu({ items, onSelect }: CardMenuProps): ReactElement {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const entries = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  useEffect(() => {
    if (open) entries()[0]?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const pick = (entry: MenuEntry) => {
    if (entry.disabled) return;
    close();
    onSelect(entry.id);
  };
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(all.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') close();
    else return;
    event.preventDefault();
  };

  return (
    <div className="ns-dev-menu">
      <button
        ref={button}
        type="button"
        className="ns-btn ns-btn--ghost ns-btn--sm ns-btn--icon"
        aria-label="Card menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={items.length === 0}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          ref={list}
          id={menuId}
          role="menu"
          aria-label="Card menu"
          className="ns-dev-menu__list"
          tabIndex={-1}
          onKeyDown={move}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          {items.map((entry) => (
            <button
              key={entry.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="ns-dev-menu__item"
              data-tone={entry.tone}
              aria-disabled={entry.disabled || undefined}
              onClick={() => pick(entry)}
            >
              {entry.icon && <Icon name={entry.icon} />}
              {entry.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
