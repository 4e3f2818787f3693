/**
 * Start checks (ADR 013): the start refuses what cannot work, with one line naming
 * the path or the variable (password hidden), not a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, redactUrl, StoreError } from '../../src/server/db/index.ts';
import { sqliteOnly } from '../support/pg-scratch.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), '2m-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('store checks at start', () => {
  it('names DATA_DIR when it cannot be created', async () => {
    writeFileSync(path.join(dir, 'plain-file'), 'x');
    const dataDir = path.join(dir, 'plain-file', 'data');
    const error = await openStore(sqliteOnly({ dataDir })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toContain(dataDir);
  });

  it('names the store file when it cannot be opened or written', async () => {
    const dataDir = path.join(dir, 'broken');
    mkdirSync(path.join(dataDir, 'site.sqlite'), { recursive: true });
    const error = await openStore(sqliteOnly({ dataDir })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as Error).message).toContain(path.join(dataDir, 'site.sqlite'));
    expect((error as Error).message).not.toContain('\n');
  });

  it('hides the password of a postgres URL', () => {
    expect(redactUrl('postgres://site:s3cret@db.example:5432/site')).toBe('postgres://site:***@db.example:5432/site');
    expect(redactUrl('postgres://db.example/site')).toBe('postgres://db.example/site');
  });

  it('an unreachable DATABASE_URL stops `serve` with one line naming the variable, password hidden', { timeout: 30_000 }, () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/serve.ts')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, DATABASE_URL: 'postgres://site:s3cret@127.0.0.1:1/site', PORT: '4549', NODE_ENV: 'production', DATA_DIR: path.join(dir, 'pg') },
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL \(postgres:\/\/site:\*\*\*@127\.0\.0\.1:1\/site\): cannot reach or write it \(ECONNREFUSED/);
    expect(result.stderr).not.toContain('s3cret');
  });
});

describe('server timeouts', () => {
  it('a client gets 10 s for its headers and 30 s for its whole request', async () => {
    const { createDeliveryHandler, createDeliveryServer } = await import('../../src/server/delivery/server.ts');
    const server = createDeliveryServer(createDeliveryHandler({ clientDir: dir, siteDir: dir, fallback: (_req, res) => void res.end() }));
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
  });
});
