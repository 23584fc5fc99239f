// The names a card's manifest declares, at the type level. `neurosquad-card types` writes a declaration file that
// augments `Register`; the card's own code may add `storage`. Each part narrows its own methods and hooks: a part
// left out keeps today's signatures (names as strings, values as `unknown`, `JsonValue` or a type argument).
import type { JsonValue, SettingValue } from '../contract/types.js';

/**
 * Augmented by the generated `neurosquad-card.d.ts` (ports, tools, settings, secrets) and by the card (storage),
 * so the SDK's methods and hooks accept only declared names and infer their value types.
 * @example declare module '@neurosquad/card-sdk' { interface Register { storage: { notes: string } } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by module augmentation
export interface Register {}

declare const unregistered: unique symbol;

/** Stands for a part of `Register` the card did not declare (the signatures stay untyped). */
export interface Unregistered {
  readonly [unregistered]: true;
}

/** The ports part of `Register`, or `Unregistered`. */
type RegisteredPorts = Register extends { ports: infer P } ? P : Unregistered;

/** One map of `Register` (`ports.outputs`, `tools`, …), or `Unregistered` when the card did not declare it. */
export type RegisteredMap<Part extends string> = Part extends 'inputs' | 'outputs' | 'requests'
  ? RegisteredPorts extends { [P in Part]: infer M }
    ? M
    : Unregistered
  : Register extends { [P in Part]: infer M }
    ? M
    : Unregistered;

/** Output id → the value type sent on it. */
export type OutputMap = RegisteredMap<'outputs'>;
/** Stream input id → the value type received on it. */
export type InputMap = RegisteredMap<'inputs'>;
/** Request input id → `{ data; response }`. */
export type RequestMap = RegisteredMap<'requests'>;
/** Tool name → its argument type. */
export type ToolMap = RegisteredMap<'tools'>;
/** Non-secret setting key → its value type. */
export type SettingMap = RegisteredMap<'settings'>;
/** Secret setting key → `boolean` (whether it is set). */
export type SecretMap = RegisteredMap<'secrets'>;
/** Storage key → the value type stored under it (declared by the card itself). */
export type StorageMap = RegisteredMap<'storage'>;

/** The declared names of a map (`string` when unregistered). */
export type NameOf<M> = [M] extends [Unregistered] ? string : keyof M & string;

/**
 * The type parameter of a typed method: the declared name when registered, otherwise the value type the caller
 * passes as today (bounded by `Bound`).
 */
export type KeyParam<M, Bound = unknown> = [M] extends [Unregistered] ? Bound : keyof M & string;

/** The default of a `KeyParam`: every declared name, or the untyped default. */
export type KeyDefault<M, Untyped> = [M] extends [Unregistered] ? Untyped : keyof M & string;

/** The name argument of a typed method: the type parameter itself when registered, `string` otherwise. */
export type NameArg<M, K> = [M] extends [Unregistered] ? string : K;

/** The value for a `KeyParam`: the declared type of that name, or the type parameter itself when unregistered. */
export type ValueFor<M, K> = [M] extends [Unregistered] ? K : M[K & keyof M];

/** The declared value type of name `K`, or `Untyped` when the map is unregistered. */
export type DeclaredValue<M, K, Untyped> = [M] extends [Unregistered] ? Untyped : M[K & keyof M];

/** A value or a promise of it (what a handler may return). */
export type MaybePromise<T> = T | Promise<T>;

/** The data of a request input (`K` as value type when unregistered). */
export type RequestData<K> = [RequestMap] extends [Unregistered]
  ? K
  : RequestMap[K & keyof RequestMap] extends { data: infer D }
    ? D
    : never;

/** What a request handler returns: its declared response type when registered, anything otherwise. */
export type RequestAnswer<K> = [RequestMap] extends [Unregistered]
  ? unknown
  : RequestMap[K & keyof RequestMap] extends { response: infer R }
    ? MaybePromise<R>
    : unknown;

/** The answer a peer's request input gives (`K` as value type when unregistered). */
export type RequestResponse<K> = [RequestMap] extends [Unregistered]
  ? K
  : RequestMap[K & keyof RequestMap] extends { response: infer R }
    ? R
    : JsonValue;

/** What `usePortQuery` sends: a declared request input's data when inferred, anything otherwise. */
export type RequestQuery<T, I> = [RequestMap] extends [Unregistered]
  ? unknown
  : [T] extends [Inferred]
    ? RequestData<I>
    : unknown;

/** What `usePortQuery` resolves with: a declared request input's response when inferred, else `T`. */
export type RequestQueryAnswer<T, I> = [RequestMap] extends [Unregistered]
  ? T
  : [T] extends [Inferred]
    ? RequestResponse<I>
    : T;

declare const unset: unique symbol;

/** The default of a type argument that, when left out, lets a declared name pick the value type. */
export interface Inferred {
  readonly [unset]: true;
}

/** A name that is declared unless the caller gave the value type explicitly (a peer's port). */
export type PeerOrOwnName<M, T> = [M] extends [Unregistered]
  ? string
  : [T] extends [Inferred]
    ? keyof M & string
    : string;

/** The value for `PeerOrOwnName`: the explicit type argument, or the declared type of the name. */
export type PeerOrOwnValue<M, T, N> = [M] extends [Unregistered] ? T : [T] extends [Inferred] ? M[N & keyof M] : T;

/** The default of that type argument: `Inferred` when registered, `JsonValue` otherwise. */
export type PeerOrOwnDefault<M> = [M] extends [Unregistered] ? JsonValue : Inferred;

/** Settings values: the declared keys with their types, or every key as a `SettingValue`. */
export type SettingValues = [SettingMap] extends [Unregistered] ? Record<string, SettingValue> : SettingMap;

/** What `settings.set` takes: some declared keys, or any keys as today. */
export type SettingPatch = [SettingMap] extends [Unregistered] ? Record<string, SettingValue> : Partial<SettingMap>;

/** What a settings values type argument must satisfy. */
export type SettingValuesBound = [SettingMap] extends [Unregistered] ? Record<string, SettingValue> : object;
