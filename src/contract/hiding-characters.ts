// The characters that hide, reorder or break what a text shows, as RegExp character-class sources (use the `u`
// flag): the manifest's text rule refuses them, the CLI strips or names them before it prints card text.

/**
 * Format characters (`\p{Cf}`: bidi marks, embeddings, overrides and isolates, zero-width characters, the BOM,
 * tag characters) and the line and paragraph separators: what hides or reorders text without being a control.
 */
export const HIDING = String.raw`\p{Cf}\u2028\u2029`;

/** Every C0 and C1 control and DEL, and {@link HIDING}: what one line of text must not hold. */
export const LINE_UNSAFE = String.raw`[\p{Cc}${HIDING}]`;

/** The controls of {@link LINE_UNSAFE} except tab and line feed: what a multi-line text must not hold. */
export const MULTILINE_UNSAFE = String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f${HIDING}]`;
