import { createContext, useContext } from 'react';

/** What a `Field` tells the label and the control inside it. */
export interface FieldContextValue {
  /** The id of the control, which the label points at. */
  controlId: string;
  /** Ids of the hint and error texts, for `aria-describedby`. */
  describedBy: string | undefined;
  /** True while the field shows an error. */
  invalid: boolean;
  disabled: boolean | undefined;
  /** Marks the control as required. */
  required: boolean | undefined;
}

/** Filled by `Field`; `null` for a control used on its own. */
export const FieldContext = createContext<FieldContextValue | null>(null);

interface ControlProps {
  id?: string;
  disabled?: boolean;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}

/** Adds the enclosing field's id, description and state to a control's props (the control's own props win). */
export function useFieldControl<P extends ControlProps>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.controlId,
    disabled: props.disabled ?? field.disabled,
    required: props.required ?? field.required,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
  };
}
