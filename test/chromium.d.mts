// Types of chromium.mjs.
/** Playwright launch options for Debian's Chromium: the binary and the flags. */
export declare const CHROMIUM: { executablePath: string; args: string[] };
