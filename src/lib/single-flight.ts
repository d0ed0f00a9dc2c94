/**
 * One piece of work per key at a time, in this isolate: a call made while the same key's
 * work is in flight shares its outcome (its value or its failure) instead of starting it
 * again. So a burst of requests that all miss a cache at once sends one look-up, not one
 * each. Nothing is remembered once the work settles; a cache keeps what should be kept.
 */
export class SingleFlight<V> {
  readonly #pending = new Map<string, Promise<V>>();

  run(key: string, work: () => Promise<V>): Promise<V> {
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const started = work().finally(() => this.#pending.delete(key));
    this.#pending.set(key, started);
    return started;
  }
}
