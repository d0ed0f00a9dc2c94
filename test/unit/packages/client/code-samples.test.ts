import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import document from '../../../openapi/openapi.snapshot.json';

type Sample = { lang: string; label: string; source: string };
type Operation = { operationId: string; 'x-codeSamples'?: Sample[] };

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const IMPORT = "import { createStorefrontClient } from '@storefront-api/client';";

/** Every typed-client sample of the reference, each as the body of a function of one file. */
function samplesModule(): { source: string; count: number } {
  const paths = document.paths as unknown as Record<string, Record<string, Operation>>;
  const bodies = Object.values(paths).flatMap((item) =>
    Object.values(item).flatMap((op) =>
      (op['x-codeSamples'] ?? [])
        .filter((s) => s.lang === 'TypeScript')
        .map((s) => {
          expect(s.source.startsWith(IMPORT), op.operationId).toBe(true);
          return `export async function ${op.operationId}() {\n${s.source.slice(IMPORT.length)}\n  return { data, error };\n}`;
        }),
    ),
  );
  const source = [
    IMPORT,
    'declare const KEY: string;',
    'declare const TOKEN: string;',
    'declare const DEVICE: string;',
    ...bodies,
  ].join('\n\n');
  return { source, count: bodies.length };
}

/** The code samples of the reference compile against the typed client, as a theme's would. */
describe('the TypeScript code samples of the reference', () => {
  it('type-check under the strict compiler options of this repository', () => {
    const { source, count } = samplesModule();
    expect(count).toBeGreaterThan(30);
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(ROOT, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    if (!config) throw new Error('tsconfig.json not readable');
    const file = path.join(ROOT, 'examples', '__reference-samples__.ts');
    const host = ts.createCompilerHost(config.options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, ...rest) =>
      name === file
        ? ts.createSourceFile(name, source, version)
        : getSourceFile(name, version, ...rest);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === file || fileExists(name);
    const program = ts.createProgram([file], { ...config.options, noEmit: true }, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName === file)
      .map((d) => {
        const { line } = d.file?.getLineAndCharacterOfPosition(d.start ?? 0) ?? { line: 0 };
        const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
        return `${source.split('\n')[line]?.trim()}: ${text}`;
      });
    expect(problems).toEqual([]);
  });
});
