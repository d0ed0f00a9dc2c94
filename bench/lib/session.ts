import { type LocalStack, startLocalStack } from '../../scripts/local/stack';
import { type RunningWorker, startWorker } from './worker';

type Stoppable = { name: string; stop(): Promise<void> };

/**
 * Runs `fn` with everything it started stopped afterwards, in reverse order, also when
 * it fails or the process is interrupted (Ctrl-C, SIGTERM).
 */
export async function withCleanup<T>(
  fn: (register: (s: Stoppable) => void) => Promise<T>,
): Promise<T> {
  const started: Stoppable[] = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () => {
    stopping ??= (async () => {
      for (const item of started.reverse()) {
        await item.stop().catch((error: unknown) => console.error(`stopping ${item.name}:`, error));
      }
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping what the benchmark started…`);
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await fn((item) => started.push(item));
  } finally {
    await stopAll();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export type BenchTarget = { stack: LocalStack; worker: RunningWorker };

/**
 * The local stack (a fresh database unless `databaseUrl` names a server to make one in),
 * filled by `fill`, and the worker in front of it under `wrangler dev`.
 */
export async function startTarget<T>(
  register: (s: Stoppable) => void,
  options: { databaseUrl?: string; fill(databaseUrl: string): Promise<T> },
): Promise<BenchTarget & { filled: T }> {
  const stack = await startLocalStack({ mode: 'test', databaseUrl: options.databaseUrl });
  register({ name: 'local stack', stop: stack.stop });
  const filled = await options.fill(stack.databaseUrl);
  const worker = await startWorker(stack.bindings);
  register({ name: 'worker', stop: worker.stop });
  return { stack, worker, filled };
}
