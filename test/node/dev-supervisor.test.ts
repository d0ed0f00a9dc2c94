import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dev, endAll, expectNothingLeft, holdConnection, startDev } from './support/dev';

const CRASH_FIXTURE = path.resolve('test/node/fixtures/crash-on-sigusr2.mjs');
const LIGHT_SERVER = path.resolve('test/node/fixtures/dev-server-light.ts');

/*
 * Every way but Ctrl-C that the stack of `npm run dev` ends, each on a fresh start: a stopped or
 * crashed stack cannot be stopped again. Not the whole stack each time (test/node/dev.test.ts
 * starts that once): scripts/dev.ts itself, copied unchanged into a directory of its own, where
 * the `dev/server.ts` it runs is test/node/fixtures/dev-server-light.ts, the dev server's
 * lifecycle (scripts/dev/lifecycle.ts, shared with scripts/dev/server.ts) over a persistent
 * embedded Postgres, the stand-ins and the mail sink, with a long-running process in workerd's
 * place. What these cases check is the supervisor and that lifecycle: who is told what, who
 * waits for whom, and that nothing of the group, no port and no Postgres outlives them.
 * No `npm run dev` of the whole stack starts here.
 */
describe('the supervisor of npm run dev, over a lighter server', () => {
  let root: string;
  const started: Dev[] = [];
  const start = async (options: { env?: Record<string, string>; viaNpm?: boolean } = {}) => {
    const dev = await startDev(path.join(root, 'data'), {
      ...options,
      script: path.join(root, 'dev.ts'),
      cwd: root,
    });
    started.push(dev);
    return dev;
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storefront-dev-supervisor-'));
    await chmod(root, 0o755);
    await copyFile(path.resolve('scripts/dev.ts'), path.join(root, 'dev.ts'));
    await mkdir(path.join(root, 'dev'));
    await writeFile(
      path.join(root, 'dev', 'server.ts'),
      `import ${JSON.stringify(pathToFileURL(LIGHT_SERVER).href)};\n`,
    );
    // `--import tsx` resolves from here, as it does from the repository.
    await symlink(path.resolve('node_modules'), path.join(root, 'node_modules'));
    const dev = `node --import tsx ${path.join(root, 'dev.ts')}`;
    await writeFile(
      path.join(root, 'package.json'),
      JSON.stringify({ name: 'dev-supervisor', private: true, type: 'module', scripts: { dev } }),
    );
  });

  afterAll(async () => {
    endAll(started);
    await rm(root, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`stops everything it started on ${signal}`, async () => {
      const dev = await start();
      process.kill(dev.parent.pid ?? 0, signal);
      expect(await dev.exited).toBe(0);
      await expectNothingLeft(dev, root);
    }, 300_000);
  }

  it('leaves nothing behind when it is killed with SIGKILL', async () => {
    const dev = await start();
    process.kill(dev.parent.pid ?? 0, 'SIGKILL');
    await dev.exited;
    await expectNothingLeft(dev, root);
  }, 300_000);

  it('leaves nothing behind when npm is told SIGTERM (npm ends at once without passing it on)', async () => {
    const dev = await start({ viaNpm: true });
    const client = await holdConnection(dev);
    process.kill(dev.parent.pid ?? 0, 'SIGTERM');
    await dev.exited;
    await expectNothingLeft(dev, root);
    await client.end().catch(() => undefined);
  }, 300_000);

  it('leaves nothing behind when a process manager stops its group: SIGTERM, then SIGKILL once npm has exited', async () => {
    const dev = await start({ viaNpm: true });
    const client = await holdConnection(dev);
    const group = dev.parent.pid ?? 0;
    process.kill(-group, 'SIGTERM');
    await Promise.race([dev.exited, delay(20_000)]);
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // the group had already ended
    }
    await expectNothingLeft(dev, root);
    await client.end().catch(() => undefined);
  }, 300_000);

  it('leaves nothing behind when the server dies of an uncaught error', async () => {
    const dev = await start({ env: { NODE_OPTIONS: `--import=${CRASH_FIXTURE}` } });
    process.kill(dev.serverPid, 'SIGUSR2');
    expect(await dev.exited).toBe(1);
    expect(dev.output()).toContain('simulated crash');
    await expectNothingLeft(dev, root);
  }, 300_000);

  it('leaves nothing behind when the supervising process dies of an uncaught error', async () => {
    const dev = await start({ env: { NODE_OPTIONS: `--import=${CRASH_FIXTURE}` } });
    process.kill(dev.parent.pid ?? 0, 'SIGUSR2');
    expect(await dev.exited).toBe(1);
    await expectNothingLeft(dev, root);
  }, 300_000);
});
