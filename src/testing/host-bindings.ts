import type { CardHostBindings, HostAnswer, HostRequest } from '../host/engine.js';
import type { RateLimiter } from '../host/rate-limits.js';
import type { CardContext } from '../contract/types.js';
import type { MockCall } from './types.js';

/** What the bindings read of their mock host. */
export interface BoundMock {
  readonly context: CardContext;
  readonly grants: ReadonlySet<string>;
  readonly calls: MockCall[];
  /** Runs a method as the mock answers it (an override, else the built-in). */
  answer(method: string, params: Record<string, unknown>, request: HostRequest): unknown;
  /** Tells the mock's change feed that something changed. */
  changed(): void;
}

/**
 * What the engine asks of a mock host while it serves the card's port: a class, so every mock shares its methods
 * and a served port costs one small object.
 */
export class MockBindings implements CardHostBindings {
  readonly onAnswer: ((answer: HostAnswer) => void) | undefined;
  readonly #mock: BoundMock;
  readonly #ports: { readonly rateLimiter?: RateLimiter | undefined };
  readonly #options: { readonly verbose?: boolean | undefined };

  constructor(
    mock: BoundMock,
    ports: { readonly rateLimiter?: RateLimiter | undefined },
    options: { onAnswer?: ((answer: HostAnswer) => void) | undefined; verbose?: boolean | undefined },
  ) {
    this.#mock = mock;
    this.#ports = ports;
    // Read on each request, as the mock's events read it: a test may turn `verbose` on after connecting.
    this.#options = options;
    this.onAnswer = options.onAnswer;
  }

  dispatch(method: string, params: Record<string, unknown>, request: HostRequest): unknown {
    const mock = this.#mock;
    const result = mock.answer(method, params, request);
    // Handlers that answer later (a tool result, a confirm) change records when they settle.
    if (result instanceof Promise) {
      result.then(
        () => mock.changed(),
        () => mock.changed(),
      );
    }
    return result;
  }

  grants(): ReadonlySet<string> {
    return this.#mock.grants;
  }

  visibility(): string {
    return this.#mock.context.visibility;
  }

  rateLimiter(): RateLimiter | undefined {
    return this.#ports.rateLimiter;
  }

  onRequest(method: string, params: Record<string, unknown>): void {
    this.#mock.calls.push({ method, params });
    this.#mock.changed();
    if (this.#options.verbose) console.log(`[mock host] req ${method} ${JSON.stringify(params)}`);
  }
}
