const warned = new Set<string>();

/** Prints `message` once in development builds (bundlers replace `process.env.NODE_ENV`). */
export function warnInDev(message: string): void {
  let production = true;
  try {
    production = process.env.NODE_ENV === 'production';
  } catch {
    // No `process` in a browser build that did not replace it: stay quiet.
  }
  if (production || warned.has(message)) return;
  warned.add(message);
  console.warn(`@neurosquad/card-sdk/components: ${message}`);
}
