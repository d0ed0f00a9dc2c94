import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../scripts/local/embedded-postgres';
import { makeTempDir } from './support/postgres';
import { alive } from './support/processes';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const lockPid = async (dataDir: string) =>
  Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);

async function selectOne(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('select 1 as one')).rows[0]?.one;
  } finally {
    await client.end();
  }
}

/**
 * The start after a run whose Postgres was orphaned (its `npm run dev` killed before it could
 * stop it) or died leaving its lock file: the next start always works.
 */
describe('a persistent embedded Postgres left behind by an earlier run', () => {
  it('is stopped when it still runs (a client holding a connection), and the new one starts', async () => {
    const dir = await makeTempDir('node-test-stale-');
    cleanups.push(dir.remove);
    const dataDir = join(dir.path, 'pg');
    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    cleanups.push(first.stop);
    const orphan = await lockPid(dataDir);
    const holder = new pg.Client({ connectionString: first.url });
    await holder.connect();
    holder.on('error', () => undefined);

    const notes: string[] = [];
    const second = await startEmbeddedPostgres({
      dataDir,
      persistent: true,
      onNote: (note) => notes.push(note),
    });
    cleanups.push(second.stop);
    expect(alive(orphan)).toBe(false);
    expect(notes).toEqual([
      `stopped the Postgres an earlier run left running on this data directory (pid ${orphan})`,
    ]);
    expect(await selectOne(second.url)).toBe(1);
    expect(await lockPid(dataDir)).not.toBe(orphan);
    await second.stop();
  }, 60_000);

  it('starts over a lock file whose process is gone, or is now another program', async () => {
    const dir = await makeTempDir('node-test-stale-');
    cleanups.push(dir.remove);
    const dataDir = join(dir.path, 'pg');
    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    const lock = await readFile(join(dataDir, 'postmaster.pid'), 'utf8');
    await first.stop();

    // The pid of a live process that is not a postgres: Postgres itself would refuse to start
    // ("lock file already exists") since that process is alive.
    const sleeper = Number(
      execFileSync('sh', ['-c', 'sleep 60 >/dev/null 2>&1 & echo $!'], { encoding: 'utf8' }),
    );
    cleanups.push(async () => {
      if (alive(sleeper)) process.kill(sleeper, 'SIGKILL');
    });
    for (const pid of [sleeper, 4_000_000]) {
      await writeFile(join(dataDir, 'postmaster.pid'), lock.replace(/^\d+/, String(pid)));
      const notes: string[] = [];
      const next = await startEmbeddedPostgres({
        dataDir,
        persistent: true,
        onNote: (note) => notes.push(note),
      });
      expect(await selectOne(next.url)).toBe(1);
      expect(notes).toEqual(['removed a stale postmaster.pid left by an earlier run']);
      await next.stop();
    }
    expect(alive(sleeper)).toBe(true);
  }, 60_000);
});
