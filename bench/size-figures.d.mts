// Types of size-figures.mjs, for the size test.
/** Gzip -9 bytes of one bundle, from each bundler, and the larger of the two. */
export interface BundleFigure {
  /** `startGzipBytes`: the entry chunk and its static imports, what a page loads before any lazy chunk. */
  vite: { gzipBytes: number; minBytes?: number; startGzipBytes?: number };
  esbuild: { gzipBytes: number; minBytes?: number };
  gzipBytes: number;
}

/** Every size figure of the package. */
export interface SizeFigures {
  imports: { core: string[]; react: string[] };
  buttonOnly: BundleFigure & { otherComponents: string[] };
  threeExports: BundleFigure;
  connectOnly: BundleFigure;
  noConnect: BundleFigure & { listensOnLoad: boolean };
  core: BundleFigure;
  reactPage: BundleFigure;
  reactCard: BundleFigure;
  /** The React card with TanStack Query and zustand left out: the SDK's own share. */
  reactSdkShare: BundleFigure;
  sharingCard: BundleFigure & {
    copies: { name: string; vite: number; esbuild: number }[];
    inlined: string[];
    duplicateCopies: number;
  };
  vanillaRuntime: { gzipBytes: number; files: string[] };
  vanillaPack: { tarballBytes: number; files: number; largest: { path: string; size: number }[] };
}

/** One figure from each bundler. */
export interface PerBundler {
  vite: number;
  esbuild: number;
}
/** Published SDK 1.3 figures, gzip -9 bytes, per bundler. */
export const PUBLISHED: Readonly<{
  threeExports: PerBundler;
  connectOnly: PerBundler;
  core: PerBundler;
  reactSdkShare: PerBundler;
  coreChunk: number;
}>;
/** The most each figure may weigh. */
export const GOALS: Readonly<{
  buttonOnly: number;
  threeExports: number;
  connectOnly: number;
  core: number;
  reactCard: number;
  reactSdkShare: number;
  duplicateCopies: number;
  vanillaRuntime: number;
  vanillaPack: number;
}>;
/** Ceilings for the figures still above their goal. */
export const INTERIM_BUDGETS: Readonly<{
  threeExports: number;
  connectOnly: number;
  core: number;
  reactSdkShare: number;
}>;
/** The card entry importing `connect`, `createTranslator` and `isCardSdkError`. */
export const THREE_EXPORTS: string;
/** The card entry importing `connect` alone. */
export const CONNECT_ONLY: string;
/** The card entry importing every core export. */
export const EVERY_EXPORT: string;
/** Measures every figure from one packed tarball. */
export function measureSizes(tarball: string): Promise<SizeFigures>;
