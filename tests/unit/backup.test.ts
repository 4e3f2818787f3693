/**
 * `npm run backup` (docs/deploy.md "Backups"): a VACUUM INTO
 * copy of the SQLite store taken while another connection is writing holds
 * what was committed and not what was not; restored as a DATA_DIR's
 * site.sqlite it opens and reads; only the newest N backups are kept; on
 * PostgreSQL the command says to use pg_dump and exits 2. SQLite itself:
 * stays on SQLite in the PostgreSQL pass.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { backupName, backupSqlite, listBackups } from '../../src/server/db/backup.ts';
import { openStore } from '../../src/server/db/index.ts';
import { sqliteOnly } from '../support/pg-scratch.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = (name: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `backup-${name}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const page = (key: string, title: string) => ({
  page: key,
  lang: 'fr' as const,
  title,
  body_html: `<p>${title}</p>`,
  updated_at: '2026-11-25T10:00:00.000Z',
});

describe('npm run backup (SQLite)', () => {
  it('copies what is committed while a writer holds an open transaction, and the copy restores as a store', async () => {
    const dataDir = tempDir('live');
    const { db } = await openStore(sqliteOnly({ dataDir }));
    try {
      await db.insertInto('static_pages').values(page('qui-sommes-nous', 'Sauvegardé avant')).execute();
      // Another connection (the running site) is in the middle of a write.
      const writer = new DatabaseSync(path.join(dataDir, 'site.sqlite'), { timeout: 5000 });
      writer.exec('BEGIN IMMEDIATE');
      writer.prepare('INSERT INTO static_pages (page, lang, title, body_html, updated_at) VALUES (?, ?, ?, ?, ?)').run('contact', 'fr', 'Pas encore validé', '<p>x</p>', '2026-11-25T10:00:00.000Z');
      const backups = tempDir('to');
      const result = backupSqlite({ storeFile: path.join(dataDir, 'site.sqlite'), dir: backups, keep: 3, now: () => new Date('2026-11-25T19:48:00.123Z') });
      writer.exec('COMMIT');
      writer.close();
      expect(result.file).toBe(path.join(backups, 'site-20261125T194800.123Z.sqlite'));
      expect(readdirSync(backups)).toEqual(['site-20261125T194800.123Z.sqlite']);

      // Restore: the backup becomes another DATA_DIR's store.
      const restored = tempDir('restored');
      copyFileSync(result.file, path.join(restored, 'site.sqlite'));
      const back = await openStore(sqliteOnly({ dataDir: restored }));
      try {
        const titles = await back.db.selectFrom('static_pages').select('title').orderBy('title').execute();
        expect(titles.map((r) => r.title)).toEqual(['Sauvegardé avant']);
      } finally {
        await back.db.destroy();
      }
      // The live store has both rows: the backup disturbed nothing.
      expect((await db.selectFrom('static_pages').select('title').execute()).length).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it('keeps the newest N backups and refuses a missing store', () => {
    const dataDir = tempDir('keep');
    const store = new DatabaseSync(path.join(dataDir, 'site.sqlite'));
    store.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    store.close();
    const dir = tempDir('keep-to');
    const times = ['2026-11-25T01:00:00.000Z', '2026-11-25T02:00:00.000Z', '2026-11-25T03:00:00.000Z', '2026-11-25T04:00:00.000Z'];
    const removed = times.map((t) => backupSqlite({ storeFile: path.join(dataDir, 'site.sqlite'), dir, keep: 2, now: () => new Date(t) }).removed);
    expect(removed.map((r) => r.length)).toEqual([0, 0, 1, 1]);
    expect(listBackups(dir).map((f) => path.basename(f))).toEqual([backupName(new Date(times[2]!)), backupName(new Date(times[3]!))]);
    expect(() => backupSqlite({ storeFile: path.join(dir, 'none.sqlite'), dir, keep: 2 })).toThrow(/no SQLite store/);
    expect(() => backupSqlite({ storeFile: path.join(dataDir, 'site.sqlite'), dir, keep: 0 })).toThrow(/keep/);
  });

  it('the command writes a backup into --to, prunes to --keep, and on PostgreSQL says to use pg_dump (exit 2)', async () => {
    const dataDir = tempDir('cli');
    const { db } = await openStore(sqliteOnly({ dataDir }));
    await db.insertInto('static_pages').values(page('mentions-legales', 'Mentions')).execute();
    await db.destroy();
    const to = tempDir('cli-to');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
    for (let i = 0; i < 2; i++) {
      const out = execFileSync(process.execPath, ['scripts/backup.ts', '--to', to, '--keep', '1'], { cwd: root, env, encoding: 'utf8' });
      expect(out).toMatch(/^backup: .*site-\d{8}T\d{6}\.\d{3}Z\.sqlite \(/);
      if (i === 1) expect(out).toMatch(/removed: /);
    }
    expect(listBackups(to)).toHaveLength(1);
    const copy = new DatabaseSync(listBackups(to)[0]!, { readOnly: true });
    expect(copy.prepare('SELECT title FROM static_pages').all()).toEqual([{ title: 'Mentions' }]);
    copy.close();

    const bad = spawnSync(process.execPath, ['scripts/backup.ts', '--keep', '0'], { cwd: root, env, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--keep');
    const pg = spawnSync(process.execPath, ['scripts/backup.ts'], { cwd: root, env: { ...env, DATABASE_URL: 'postgres://site:s3cret@db.internal/site2m' }, encoding: 'utf8' });
    expect(pg.status).toBe(2);
    expect(pg.stderr).toContain('pg_dump');
    expect(pg.stderr).not.toContain('s3cret');
  }, 60_000);
});
