/**
 * Whether `work` settles (either way) within `ms`. For a request that waits on work another
 * request started: that request's client may go away before the work settles.
 */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One piece of work per key at a time, in this isolate: a call made while the same key's
 * work is in flight shares its outcome (its value or its failure) instead of starting it
 * again. So a burst of requests that all miss a cache at once sends one look-up, not one
 * each. Nothing is remembered once the work settles; a cache keeps what should be kept.
 *
 * A call shares another's work for at most `waitMs`, then runs the work itself (settledWithin).
 */
export class SingleFlight<V> {
  readonly #pending = new Map<string, Promise<V>>();
  readonly #waitMs: number;

  constructor(waitMs: number) {
    this.#waitMs = waitMs;
  }

  async run(key: string, work: () => Promise<V>): Promise<V> {
    const pending = this.#pending.get(key);
    if (pending) return (await settledWithin(pending, this.#waitMs)) ? pending : work();
    const started = work().finally(() => {
      if (this.#pending.get(key) === started) this.#pending.delete(key);
    });
    this.#pending.set(key, started);
    return started;
  }
}
