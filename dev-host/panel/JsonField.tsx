import { forwardRef } from 'react';
import { Field, Textarea } from '../../components/index.js';
import type { JsonText } from '../host/json-text.js';

/** Props of `JsonField`. */
export interface JsonFieldProps {
  /** The label (the field's accessible name). */
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The last parse of the text, shown as an inline error when it is not JSON. */
  parsed?: JsonText | null;
  rows?: number;
}

/** A monospace textarea for JSON with its parse error shown under it. */
export const JsonField = forwardRef<HTMLTextAreaElement, JsonFieldProps>(function JsonField(
  { label, value, onChange, parsed, rows = 3 },
  ref,
) {
  return (
    <Field label={label} error={parsed && !parsed.ok ? parsed.error : undefined}>
      <Textarea
        ref={ref}
        className="ns-mono ns-dev-json"
        rows={rows}
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
});
