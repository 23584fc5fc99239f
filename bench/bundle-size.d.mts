// Types of bundle-size.mjs, for the size test.
/** Builds and packs the package; returns the tarball's path. */
export function packSdk(): Promise<string>;
