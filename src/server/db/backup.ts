/**
 * Online backups of the SQLite store (`npm run backup`, docs/deploy.md "Backups"):
 * `VACUUM INTO` a new file, taken from one read transaction, so the copy is
 * consistent (what was committed when it started) while the site keeps
 * reading and writing (WAL: readers do not block the writer). The copy is
 * written under a temporary name, checked (`PRAGMA quick_check`), fsynced
 * and renamed to `site-<UTC time>.sqlite`; then only the newest `keep`
 * backups of the folder are kept. A backup is a complete store file: copy it
 * to `DATA_DIR/site.sqlite` (server stopped) to restore it.
 */
import { mkdirSync, openSync, fsyncSync, closeSync, readdirSync, renameSync, rmSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** site-20261125T194800.123Z.sqlite: sorts by time. */
const BACKUP_NAME = /^site-\d{8}T\d{6}\.\d{3}Z\.sqlite$/;

export function backupName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-25T19:48:00.123Z
  return `site-${iso.slice(0, 10).replaceAll('-', '')}T${iso.slice(11, 19).replaceAll(':', '')}${iso.slice(19)}.sqlite`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** Older backups removed to keep `keep`. */
  removed: string[];
}

function fsyncPath(p: string): void {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Backs up the SQLite store `storeFile` into `dir` and keeps the newest
 * `keep` backups there. Throws when the store does not exist or the copy
 * fails its check (the partial file is removed).
 */
export function backupSqlite(opts: { storeFile: string; dir: string; keep: number; now?: () => Date }): BackupResult {
  if (!Number.isInteger(opts.keep) || opts.keep < 1) throw new Error('keep must be a whole number from 1');
  if (!existsSync(opts.storeFile)) throw new Error(`no SQLite store at ${opts.storeFile}`);
  const started = Date.now();
  mkdirSync(opts.dir, { recursive: true });
  const file = path.join(opts.dir, backupName((opts.now ?? (() => new Date()))()));
  if (existsSync(file)) throw new Error(`${file} exists already`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    const source = new DatabaseSync(opts.storeFile, { timeout: 10_000 });
    try {
      source.exec('PRAGMA busy_timeout = 10000');
      source.prepare('VACUUM INTO ?').run(partial);
    } finally {
      source.close();
    }
    const copy = new DatabaseSync(partial, { readOnly: true });
    try {
      const check = copy.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
      if (check.length !== 1 || check[0]!.quick_check !== 'ok') throw new Error(`the copy fails its check: ${check.map((r) => r.quick_check).join('; ')}`);
    } finally {
      copy.close();
    }
    fsyncPath(partial);
    renameSync(partial, file);
    fsyncPath(opts.dir);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const all = listBackups(opts.dir);
  const removed = all.slice(0, Math.max(0, all.length - opts.keep));
  for (const old of removed) rmSync(old, { force: true });
  return { file, bytes: statSync(file).size, ms: Date.now() - started, removed };
}
