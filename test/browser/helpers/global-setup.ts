import type { TestProject } from 'vitest/node';
import { startDevStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    devOrigin: string;
    mailOrigin: string;
    themeOrigin: string;
  }
}

/** One `npm run dev` for every browser journey of the run. */
export default async function setup(project: TestProject) {
  const stack = await startDevStack();
  project.provide('devOrigin', stack.origin);
  project.provide('mailOrigin', stack.mailOrigin);
  project.provide('themeOrigin', stack.themeOrigin);
  return () => stack.stop();
}
