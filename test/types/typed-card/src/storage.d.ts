// The card's own storage keys, declared beside the generated file (the manifest does not list them).
declare module '@neurosquad/card-sdk' {
  interface Register {
    storage: { notes: string; seen: number[] };
  }
}
export {};
