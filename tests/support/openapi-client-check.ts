/**
 * A client generated from the OpenAPI document, type-checked against real
 * answers: @hey-api/openapi-ts (which supports TypeScript 6) generates the
 * document's types, each recorded answer becomes a typed constant
 * (`const a0: T.GetApiPushKeyResponses[200] = <the JSON received>`), and
 * tsc --strict checks them (object literals: no missing, mistyped or
 * undocumented property).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface RecordedAnswer {
  operationId: string;
  status: number;
  body: unknown;
}

/** tsc's complaints about the answers (empty: every answer type-checks), and how many were checked. */
export function typeCheckAnswers(doc: unknown, answers: readonly RecordedAnswer[]): { errors: string; checked: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
  try {
    const docFile = path.join(dir, 'openapi.json');
    writeFileSync(docFile, JSON.stringify(doc));
    execFileSync(process.execPath, [path.join(root, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '-i', docFile, '-o', path.join(dir, 'client'), '-p', '@hey-api/typescript'], {
      cwd: dir,
      stdio: 'pipe',
    });
    const exported = new Map<string, string>();
    for (const m of readFileSync(path.join(dir, 'client/index.ts'), 'utf8').matchAll(/\b([A-Za-z0-9_]+)\b/g)) exported.set(m[1]!.toLowerCase(), m[1]!);
    let source = "import type * as T from './client/types.gen';\n";
    let checked = 0;
    answers.forEach((a, i) => {
      const group = a.status < 400 ? 'Responses' : 'Errors';
      const name = exported.get(`${a.operationId}${group}`.toLowerCase());
      if (!name) throw new Error(`the generated client has no ${a.operationId}${group}`);
      source += `export const a${i}: T.${name}[${a.status}] = ${JSON.stringify(a.body)};\n`;
      checked++;
    });
    writeFileSync(path.join(dir, 'answers.ts'), source);
    try {
      execFileSync(
        process.execPath,
        [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', 'answers.ts'],
        { cwd: dir, stdio: 'pipe', encoding: 'utf8' },
      );
      return { errors: '', checked };
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      return { errors: `${e.stdout ?? ''}${e.stderr ?? ''}`.slice(0, 5000), checked };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
