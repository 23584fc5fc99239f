import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';

/** One tab: its name and its panel. */
interface TabEntry {
  name: string;
  panel: () => ReactNode;
}

/** Props of `Tabs`. */
export interface TabsProps {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabEntry[];
}

/** Tabs with the ARIA tabs pattern: arrow keys, Home and End move between tabs; one panel shown at a time. */
export function Tabs({ label, tabs }: TabsProps): ReactElement {
  const [selected, setSelected] = useState(0);
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const go = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setSelected(next);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') go(selected + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') go(selected - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(tabs.length - 1);
    else return;
    event.preventDefault();
  };
  const current = tabs[selected];
  return (
    <div className="ns-dev-tabs">
      <div ref={list} role="tablist" aria-label={label} className="ns-dev-tabs__list" onKeyDown={keys}>
        {tabs.map((tab, index) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            id={`${base}tab${index}`}
            aria-selected={index === selected}
            aria-controls={`${base}panel`}
            tabIndex={index === selected ? 0 : -1}
            className="ns-dev-tabs__tab"
            onClick={() => setSelected(index)}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}panel`}
          aria-labelledby={`${base}tab${selected}`}
          className="ns-dev-tabs__panel"
          tabIndex={0}
        >
          {current.panel()}
        </div>
      )}
    </div>
  );
}
