import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../../scripts/local/embedded-postgres';

/** A directory the `postgres` system user can reach when the tests run as root. */
export async function makeTempDir(
  prefix: string,
): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  await chmod(path, 0o755);
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** A throwaway embedded Postgres on a random port. */
export async function startTestPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await makeTempDir('node-test-pg-');
  try {
    const postgres = await startEmbeddedPostgres({
      dataDir: join(dir.path, 'data'),
      persistent: false,
    });
    return {
      url: postgres.url,
      stop: async () => {
        await postgres.stop();
        await dir.remove();
      },
    };
  } catch (error) {
    await dir.remove();
    throw error;
  }
}
