/** The outside systems a request can wait on. */
export type Dependency = 'database' | 'redis' | 'mail' | 'payments';

/**
 * A dependency did not answer in time, could not be reached, or answered that it cannot
 * serve now. Nothing about the request was wrong: the HTTP layer answers 503
 * SERVICE_UNAVAILABLE with Retry-After, and the same request may be repeated later.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(`${dependency} unavailable: ${message}`, options);
    this.name = 'DependencyUnavailableError';
  }
}

/** The errors a failure was built from: its `cause` chain (and the Neon driver's `sourceError`). */
export function* errorChain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e !== undefined && e !== null && !seen.has(e); ) {
    seen.add(e);
    yield e;
    if (!(e instanceof Error)) return;
    e = e.cause ?? (e as { sourceError?: unknown }).sourceError;
  }
}

/** True when an abort came from a timeout or an abort signal (fetch, AbortSignal.timeout). */
export const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * Settles with `work`, or rejects with DependencyUnavailableError after `ms`. The work is
 * not cancelled (pass it a signal for that); a late failure of it is swallowed.
 */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  dependency: Dependency,
  what: string,
): Promise<T> {
  work.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DependencyUnavailableError(dependency, `${what} took longer than ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
