import { describe, expect, it } from 'vitest';
import { SingleFlight } from '../../../../src/lib/single-flight';

/** Work that settles when told to (every run started so far), counting the runs. */
function controlled<V>() {
  const runs: Array<{ resolve: (v: V) => void; reject: (e: unknown) => void }> = [];
  return {
    work: () => new Promise<V>((resolve, reject) => runs.push({ resolve, reject })),
    started: () => runs.length,
    resolve: (value: V) => {
      for (const run of runs) run.resolve(value);
    },
    reject: (error: unknown) => {
      for (const run of runs) run.reject(error);
    },
  };
}

describe('SingleFlight', () => {
  it('starts the work once for simultaneous calls of one key, all sharing its value', async () => {
    const flight = new SingleFlight<string>(60_000);
    const job = controlled<string>();
    const calls = Array.from({ length: 5 }, () => flight.run('shop', job.work));
    job.resolve('found');
    expect(await Promise.all(calls)).toEqual(Array(5).fill('found'));
    expect(job.started()).toBe(1);
  });

  it('shares a failure, then starts afresh once the work has settled', async () => {
    const flight = new SingleFlight<string>(60_000);
    const failing = controlled<string>();
    const calls = [flight.run('shop', failing.work), flight.run('shop', failing.work)];
    failing.reject(new Error('no answer'));
    for (const call of calls) await expect(call).rejects.toThrow('no answer');
    expect(failing.started()).toBe(1);
    const next = controlled<string>();
    const again = flight.run('shop', next.work);
    next.resolve('found');
    expect(await again).toBe('found');
    expect(next.started()).toBe(1);
  });

  it('runs the work of different keys side by side', async () => {
    const flight = new SingleFlight<string>(60_000);
    const a = controlled<string>();
    const b = controlled<string>();
    const calls = [flight.run('a', a.work), flight.run('b', b.work)];
    b.resolve('b');
    a.resolve('a');
    expect(await Promise.all(calls)).toEqual(['a', 'b']);
  });

  it('runs the work itself once it has waited its bound for the call ahead', async () => {
    const flight = new SingleFlight<string>(10);
    const stuck = controlled<string>();
    const first = flight.run('shop', stuck.work);
    const second = flight.run('shop', async () => 'own');
    expect(await second).toBe('own');
    expect(stuck.started()).toBe(1);
    stuck.resolve('late');
    expect(await first).toBe('late');
  });
});
