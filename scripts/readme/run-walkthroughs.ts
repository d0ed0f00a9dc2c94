/**
 * Runs the README's walk-throughs from the README's own code blocks, so they cannot drift:
 *   npx tsx scripts/readme/run-walkthroughs.ts            # starts npm run dev on free ports
 *   PORT=8787 MAIL_PORT=8025 npx tsx scripts/readme/run-walkthroughs.ts --running
 *
 * Every ```sh block preceded by `<!-- walkthrough -->` is taken, in the README's order, into
 * one bash script (a reader goes top to bottom, so later blocks use what earlier ones set)
 * run with `set -euo pipefail`; `curl` fails on any HTTP error status (`--fail-with-body`).
 * Beyond the project the blocks may use only bash, curl, jq and node. Without `--running`, a
 * fresh `npm run dev` is started on a data directory of its own and stopped afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreePort } from '../local/net';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MARK = '<!-- walkthrough -->';
/** Files the blocks write into the working directory, removed afterwards if they were new. */
const WRITTEN = ['products.csv'];

/** The marked blocks of `markdown`, each with the line it starts on. */
export function walkthroughBlocks(markdown: string): Array<{ line: number; code: string }> {
  const lines = markdown.split('\n');
  const blocks: Array<{ line: number; code: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== MARK) continue;
    const open = lines[i + 1]?.trim();
    if (open !== '```sh')
      throw new Error(`README.md:${i + 1}: ${MARK} must precede a \`\`\`sh block`);
    const end = lines.findIndex((line, j) => j > i + 1 && line.trim() === '```');
    if (end < 0) throw new Error(`README.md:${i + 2}: the block is not closed`);
    blocks.push({ line: i + 3, code: lines.slice(i + 2, end).join('\n') });
    i = end;
  }
  return blocks;
}

export function walkthroughScript(markdown: string): string {
  const blocks = walkthroughBlocks(markdown);
  if (blocks.length === 0) throw new Error(`README.md has no ${MARK} blocks`);
  return [
    'set -euo pipefail',
    'curl() { command curl --fail-with-body --silent --show-error "$@"; }',
    `trap 'echo "walk-through failed at: $BASH_COMMAND" >&2' ERR`,
    ...blocks.map((b) => `echo "--- README.md:${b.line}" >&2\n${b.code}`),
    '',
  ].join('\n');
}

async function startDev(
  env: NodeJS.ProcessEnv,
): Promise<{ dev: ChildProcess; output: () => string }> {
  let output = '';
  const dev = spawn('npm', ['run', 'dev'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (c: Buffer) => {
    output += c;
  });
  dev.stderr?.on('data', (c: Buffer) => {
    output += c;
  });
  const deadline = Date.now() + 300_000;
  while (!output.includes('Storefront API is running')) {
    if (dev.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm run dev did not start:\n${output}`);
    await delay(250);
  }
  return { dev, output: () => output };
}

async function stopDev(dev: ChildProcess) {
  const exited = new Promise((resolve) => dev.once('exit', resolve));
  process.kill(-(dev.pid ?? 0), 'SIGINT');
  await Promise.race([exited, delay(30_000)]);
  try {
    process.kill(-(dev.pid ?? 0), 'SIGKILL');
  } catch {
    // ended
  }
}

async function main() {
  const script = walkthroughScript(await readFile(path.join(ROOT, 'README.md'), 'utf8'));
  const running = process.argv.includes('--running');
  const existing = WRITTEN.filter((f) => existsSync(path.join(ROOT, f)));
  let dataDir: string | undefined;
  let dev: ChildProcess | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!running) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-readme-'));
    // The embedded Postgres drops root's privileges and must reach its directory inside.
    await chmod(dataDir, 0o755);
    Object.assign(env, {
      PORT: String(await findFreePort()),
      MAIL_PORT: String(await findFreePort()),
      DEV_DATA_DIR: dataDir,
      DEV_WATCH: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    const started = Date.now();
    dev = (await startDev(env)).dev;
    console.error(`npm run dev answered in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const started = Date.now();
  try {
    const code = await new Promise<number | null>((resolve) => {
      const bash = spawn('bash', ['-c', script], { cwd: ROOT, env, stdio: 'inherit' });
      const timer = setTimeout(() => bash.kill('SIGKILL'), 600_000);
      bash.once('exit', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    console.error(
      `README walk-throughs: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    process.exitCode = code === 0 ? 0 : 1;
  } finally {
    for (const file of WRITTEN.filter((f) => !existing.includes(f)))
      await rm(path.join(ROOT, file), { force: true });
    if (dev) await stopDev(dev);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
