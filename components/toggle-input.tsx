import { forwardRef, useState } from 'react';
import type { ChangeEvent, InputHTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import { cx } from './class-names.js';
import { useFieldControl } from './field/field-context.js';

/** Props shared by `Switch` and `Checkbox`. `className` and `style` go to the outer label, the rest to the input. */
export interface ToggleInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  /** The visible label, clickable to toggle. */
  children?: ReactNode;
  /** Called with the new state on every toggle. */
  onCheckedChange?: (checked: boolean) => void;
}

interface ToggleKind {
  kind: 'switch' | 'check';
}

/** A checkbox inside a label, controlled or not; as a switch it exposes `role="switch"` and toggles on Enter too. */
export const ToggleInput = forwardRef<HTMLInputElement, ToggleInputProps & ToggleKind>(
  function ToggleInput(props, ref) {
    const { kind, children, className, style, checked, defaultChecked, onChange, onCheckedChange, onKeyDown, ...rest } =
      useFieldControl(props);
    const [own, setOwn] = useState(Boolean(defaultChecked));
    const on = checked ?? own;
    const change = (event: ChangeEvent<HTMLInputElement>) => {
      if (checked === undefined) setOwn(event.target.checked);
      onChange?.(event);
      onCheckedChange?.(event.target.checked);
    };
    const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      onKeyDown?.(event);
      // Space toggles a checkbox natively; a switch is also expected to answer Enter.
      if (kind === 'switch' && event.key === 'Enter' && !event.defaultPrevented) {
        event.preventDefault();
        event.currentTarget.click();
      }
    };
    return (
      <label className={cx(`ns-${kind}`, className)} style={style}>
        <input
          ref={ref}
          type="checkbox"
          role={kind === 'switch' ? 'switch' : undefined}
          aria-checked={kind === 'switch' ? on : undefined}
          checked={on}
          onChange={change}
          onKeyDown={keyDown}
          {...rest}
        />
        {children}
      </label>
    );
  },
);
