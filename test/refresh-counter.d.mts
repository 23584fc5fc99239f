// Types of refresh-counter.mjs.
/** The counter component's file in the card. */
export declare const COUNTER_FILE: string;
/** Writes src/Counter.tsx into a React template card and renders it at the top of the card's App. */
export declare function addCounter(folder: string): void;
