/**
 * The OpenAPI document: generated in-process, linted by Redocly's CLI with
 * its recommended rules (0 errors), every $ref resolves to a component, and
 * every endpoint file under src/pages (everything but pages) is described.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/server/api/index.ts';
import { newsroomRoutes } from '../../src/server/newsroom/routes.ts';
import { deskRoutes } from '../../src/server/desk/routes.ts';
import { OpenApiChecker } from '../support/openapi-validator.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc = openApiDocument('https://www.2m.ma') as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

/** Every endpoint file below src/pages (not .astro pages) as an OpenAPI path. */
function endpointPaths(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, 'src/pages', rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.ts')) out.push(child);
    }
  };
  walk('');
  return out
    .filter((f) => f !== 'api/[...path].ts') // the registry: every route is in the document (checked below)
    .filter((f) => f !== 'api/newsroom/[...path].ts') // the newsroom's router table: each of its routes is checked below
    .filter((f) => f !== 'api/desk/[...path].ts') // the desk's router table: each of its routes is checked below
    .map((f) =>
      `/${f}`
        .replace(/\.ts$/, '')
        .replace(/\/index$/, '')
        .replace(/\[\.\.\.(\w+)\]/g, '{$1}')
        .replace(/\[(\w+)\]/g, '{$1}'),
    );
}

describe('OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: 0 errors', () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
    let output = '';
    try {
      output = execFileSync(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=1000'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const report = JSON.parse(output.slice(output.indexOf('{'))) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it('every $ref points at a component that exists', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
  });

  it('describes every endpoint file of src/pages, and the POST endpoints', () => {
    const described = Object.keys(doc.paths);
    for (const route of newsroomRoutes) if (route.doc) expect(described, route.path).toContain(route.path);
    for (const route of deskRoutes) expect((doc.paths as Record<string, Record<string, { tags?: string[] }>>)[route.path]?.[route.method.toLowerCase()]?.tags, `${route.method} ${route.path}`).toEqual(['Desk']);
    for (const p of endpointPaths()) expect(described, p).toContain(p);
    for (const p of [
      '/api/account/registeration',
      '/api/account/login',
      '/api/account/logout',
      '/api/account/auth-fb',
      '/api/newsletter/add-contact',
      '/api/set-form',
      '/api/push/subscribe',
      '/api/push/unsubscribe',
      '/tracking/clicks.php',
      '/mm-weather/get-forecast/{city}',
    ]) {
      expect(doc.paths[p]?.post, p).toBeDefined();
    }
    expect(doc.paths['/api/postdetails/{id}']?.get).toBeDefined();
    expect(doc.paths['/api/watchJTDetail']?.get).toBeDefined();
  });

  it('the answer checker of the API tests accepts a right answer and rejects a wrong one', () => {
    const checker = new OpenApiChecker(doc as unknown as ConstructorParameters<typeof OpenApiChecker>[0]);
    const ok = { header: { status: 'OK', code: 200 }, response: { publicKey: 'BPk' } };
    expect(checker.check('GET', '/api/push/key', 200, 'application/json; charset=utf-8', ok)).toEqual([]);
    expect(checker.check('GET', '/api/push/key', 200, 'application/json', { header: { status: 'OK', code: 200 }, response: {} })).not.toEqual([]);
    expect(checker.check('GET', '/api/push/key', 418, 'application/json', ok)).not.toEqual([]);
    expect(checker.check('GET', '/api/push/key', 200, 'text/html', ok)).not.toEqual([]);
    const user = { header: { status: 'OK', code: 200 }, response: { id: 1, name: 'Salma', email: 's@example.org' } };
    expect(checker.check('GET', '/api/account/me', 200, 'application/json', user)).toEqual([]);
    expect(checker.check('GET', '/api/account/me', 200, 'application/json', { ...user, response: { id: '1' } })).not.toEqual([]);
  });
});
