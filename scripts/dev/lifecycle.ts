/**
 * How the process behind `npm run dev` ends: on Ctrl-C, SIGTERM or SIGHUP it stops what it
 * started and exits 0; on an error nothing caught it stops the same way and exits 1; when
 * supervised (scripts/dev.ts holds its stdin), the end of that pipe stops it too, so it never
 * outlives its supervisor. A stop that hangs ends the whole process group after a deadline.
 * scripts/dev/server.ts runs the dev stack under it.
 */

/** How long a graceful stop may take before the group is ended. */
export const STOP_DEADLINE_MS = 8_000;

export type Lifecycle = {
  /** Starts everything; an error it throws stops what was started and exits 1. */
  main(): Promise<void>;
  /** Stops everything `main` started (or half started), in reverse order. */
  stop(): Promise<void>;
  /** Set by scripts/dev.ts (`--supervised`): the process ends when its stdin closes. */
  supervised: boolean;
};

/** Runs `main` until the process is told to stop, crashes or loses its supervisor. */
export function runUntilStopped({ main, stop, supervised }: Lifecycle): void {
  let stopping: Promise<void> | undefined;
  const shutdown = (code: number) => {
    stopping ??= (async () => {
      // Whatever hangs, the process still ends, and takes its group with it (Postgres, workerd):
      // scripts/dev.ts may already be gone and not there to end it.
      setTimeout(() => {
        console.error('npm run dev: the graceful stop took too long; ending what is left');
        try {
          process.kill(-process.pid, 'SIGKILL');
        } catch {
          process.exit(code || 1);
        }
      }, STOP_DEADLINE_MS).unref();
      await stop();
      process.exit(code);
    })();
    return stopping;
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown(0));
  }
  const crash = (error: unknown) => {
    console.error(error);
    void shutdown(1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  if (supervised) {
    // scripts/dev.ts holds the other end: it closes when that process ends in any way,
    // `kill -9` included, and nothing started here may outlive it.
    process.stdin.on('end', () => void shutdown(0));
    process.stdin.on('error', () => void shutdown(0));
    process.stdin.resume();
  }

  main().catch(crash);
}
