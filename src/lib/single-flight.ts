/**
 * One piece of work per key at a time, in this isolate: a call made while the same key's
 * work is in flight shares its outcome (its value or its failure) instead of starting it
 * again. So a burst of requests that all miss a cache at once sends one look-up, not one
 * each. Nothing is remembered once the work settles; a cache keeps what should be kept.
 *
 * A call shares another's work for at most `waitMs`, then runs the work itself: the work
 * belongs to the request that started it, whose client may go away before it settles.
 */
export class SingleFlight<V> {
  readonly #pending = new Map<string, Promise<V>>();
  readonly #waitMs: number;

  constructor(waitMs: number) {
    this.#waitMs = waitMs;
  }

  run(key: string, work: () => Promise<V>): Promise<V> {
    const pending = this.#pending.get(key);
    if (pending) return this.#follow(pending, work);
    const started = work().finally(() => {
      if (this.#pending.get(key) === started) this.#pending.delete(key);
    });
    this.#pending.set(key, started);
    return started;
  }

  async #follow(pending: Promise<V>, work: () => Promise<V>): Promise<V> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<typeof LATE>((resolve) => {
      timer = setTimeout(() => resolve(LATE), this.#waitMs);
    });
    try {
      const outcome = await Promise.race([pending, late]);
      return outcome === LATE ? await work() : (outcome as V);
    } finally {
      clearTimeout(timer);
    }
  }
}

const LATE = Symbol('late');
