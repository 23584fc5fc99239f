import { forwardRef, useId, useMemo } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../class-names.js';
import { Label } from '../label/Label.js';
import { FieldContext } from './field-context.js';

/** The label, hint, error and state a `Field` wires to the control inside it. */
export interface FieldProps extends HTMLAttributes<HTMLDivElement> {
  /** Label text; or put a `Label` inside yourself. */
  label?: ReactNode;
  /** Help under the control, linked with `aria-describedby`. */
  hint?: ReactNode;
  /** Error under the control: marks it `aria-invalid`, links it and announces it (`role="alert"`). */
  error?: ReactNode;
  /** Id for the control; generated when left out. */
  controlId?: string;
  /** Disables the control inside. */
  disabled?: boolean;
  /** Marks the control inside as required. */
  required?: boolean;
}

/** A labelled form control with optional hint and error; wires ids so the label and texts belong to it. */
export const Field = forwardRef<HTMLDivElement, FieldProps>(function Field(
  { label, hint, error, controlId, disabled, required, className, children, ...rest },
  ref,
) {
  const base = useId();
  const id = controlId ?? `${base}control`;
  const hintId = hint != null && hint !== false ? `${base}hint` : undefined;
  const errorId = error != null && error !== false ? `${base}error` : undefined;
  const value = useMemo(
    () => ({
      controlId: id,
      describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
      invalid: errorId !== undefined,
      disabled,
      required,
    }),
    [id, hintId, errorId, disabled, required],
  );
  return (
    <FieldContext.Provider value={value}>
      <div ref={ref} className={cx('ns-field', className)} {...rest}>
        {label != null && <Label>{label}</Label>}
        {children}
        {hintId && (
          <p className="ns-help" id={hintId}>
            {hint}
          </p>
        )}
        {errorId && (
          <p className="ns-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
});
