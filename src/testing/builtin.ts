// The shape of the mock's built-in methods: typed by the method table, each given only the state it owns.
import type { MethodName, MethodParams, MethodResult } from '../contract/methods.js';
import type { HostRequest } from '../host/engine.js';

/** A built-in of method `M` over state `S`: the method's params, its namespace's state, the request (for work after the reply). */
type Builtin<M extends MethodName, S> = (
  params: NonNullable<MethodParams<M>>,
  state: S,
  request: HostRequest,
) => MethodResult<M> | Promise<MethodResult<M>>;

/** The built-ins of the methods `M` over state `S`, by method name (every one of them required). */
export type Builtins<S, M extends MethodName> = { readonly [K in M]: Builtin<K, S> };

/** The methods whose names start with one of the prefixes `P` (`'fs'` → `fs.stat`, `fs.list`, …). */
export type MethodsOf<P extends string> = Extract<MethodName, `${P}.${string}`>;
