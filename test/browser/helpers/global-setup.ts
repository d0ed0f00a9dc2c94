import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { devDatabaseUrl, startDevStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    devOrigin: string;
    mailOrigin: string;
    themeOrigin: string;
    databaseUrl: string;
  }
}

/**
 * One `npm run dev` for every browser journey of the run. With BROWSER_DEV_ORIGIN (and
 * BROWSER_MAIL_ORIGIN, BROWSER_THEME_ORIGIN, and BROWSER_DATABASE_URL or DEV_DATA_DIR) set, the journeys run against a stack already
 * running instead, e.g. while working on a screen.
 */
export default async function setup(project: TestProject) {
  const running = process.env.BROWSER_DEV_ORIGIN;
  if (running) {
    project.provide('devOrigin', running);
    project.provide('mailOrigin', process.env.BROWSER_MAIL_ORIGIN ?? 'http://127.0.0.1:8025');
    project.provide('themeOrigin', process.env.BROWSER_THEME_ORIGIN ?? 'http://127.0.0.1:8788');
    // '' when unknown: only the journeys that change a shop's status or payments need it.
    const devEnv = path.resolve(process.env.DEV_DATA_DIR ?? '.data', 'dev.env');
    project.provide(
      'databaseUrl',
      process.env.BROWSER_DATABASE_URL ?? (await devDatabaseUrl(devEnv, 0).catch(() => '')),
    );
    return;
  }
  const stack = await startDevStack();
  project.provide('devOrigin', stack.origin);
  project.provide('mailOrigin', stack.mailOrigin);
  project.provide('themeOrigin', stack.themeOrigin);
  project.provide('databaseUrl', stack.databaseUrl);
  return () => stack.stop();
}
