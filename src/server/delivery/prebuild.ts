/**
 * The pre-build job (ADR 005): renders every page of prebuildPaths()
 * through the running site's own on-demand renderer, writes them (with
 * gzip and brotli twins, for nginx's gzip_static and our front server) into
 * a new build folder, then swaps `current` to it atomically.
 *
 * A build that fails (a page answering 5xx, the site unreachable, a full
 * disk) is removed and `current` stays where it was: the previous build keeps
 * serving. A page that answers 404 or a redirect no longer exists as such
 * (unpublished between listing and rendering): it is left out, and the
 * on-demand route keeps answering for it.
 *
 * One build at a time per site folder (a lock file), whether it comes from
 * the server's schedule or from `npm run rebuild`.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, crc32 } from 'node:zlib';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { prebuildPaths } from './prebuild-paths.ts';
import { compressPageAsync } from './http-cache.ts';
import { readRendered, RENDER_REQUEST_HEADERS, RenderError, type RenderedHtml, type RenderedPage } from './render-page.ts';
import {
  BUILDS,
  buildDir,
  CURRENT,
  currentBuildId,
  MANIFEST,
  pageFile,
  PAGES,
  type BuildManifest,
  type PageHeaders,
} from './site-dir.ts';
import { silentLog, type Log } from '../log.ts';

export type { RenderedPage } from './render-page.ts';

/** The lease of the full pre-build (src/server/leases.ts, ADR 020). */
export const PREBUILD_LEASE = 'prebuild';

/** The site folder of a configuration: SITE_DIR, else <DATA_DIR>/site. */
export function siteDirOf(config: Pick<Config, 'SITE_DIR' | 'DATA_DIR'>): string {
  return path.resolve(config.SITE_DIR ?? path.join(config.DATA_DIR, 'site'));
}

/** Builds kept besides the current one (readers may still be inside them). */
const KEEP_BUILDS = 2;
/** A build folder younger than this is never pruned. */
const PRUNE_GRACE_MS = 2 * 60_000;
/** A lock older than this was left by a crashed job. */
const STALE_LOCK_MS = 15 * 60_000;

export interface PrebuildOptions {
  /** The store (to list the pages), unless `paths` is given. */
  db?: DB;
  /** The running site, e.g. http://127.0.0.1:4321, or the render pool (RenderSource). */
  origin: RenderSource;
  siteDir: string;
  articlesPerLanguage: number;
  concurrency?: number;
  /** Per-page render timeout. */
  timeoutMs?: number;
  log?: Log;
  /** Replaces the page list (tests). */
  paths?: string[];
  /** Take the current build's files for pages that have not changed (reusePageSync; default true). */
  reuse?: boolean;
}

export interface PrebuildResult {
  id: string;
  pages: number;
  skipped: string[];
  ms: number;
}

export class PrebuildError extends Error {}
export class PrebuildBusyError extends PrebuildError {}

function newBuildId(): string {
  return `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the site folder's build lock, or throws PrebuildBusyError. */
function takeLock(siteDir: string): () => void {
  const file = path.join(siteDir, '.prebuild.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let stale = false;
      try {
        const pid = Number(readFileSync(file, 'utf8'));
        stale = Date.now() - statSync(file).mtimeMs > STALE_LOCK_MS || !Number.isInteger(pid) || !isAlive(pid);
      } catch {
        stale = true;
      }
      if (!stale) throw new PrebuildBusyError('another pre-build is running');
      rmSync(file, { force: true });
    }
  }
  throw new PrebuildBusyError('could not take the pre-build lock');
}


/**
 * Where pages are rendered: the running site's origin (over HTTP, e.g. from
 * `npm run rebuild`), or, inside the server, the render pool (render-pool.ts:
 * rendered and compressed in a worker; with `renderTo`, also written there,
 * so that the pre-build's pages never cross to the front server's thread).
 */
export type RenderSource =
  | string
  | {
      renderPage: (pagePath: string, timeoutMs: number) => Promise<RenderedPage | 'gone'>;
      /**
       * Renders, compresses and writes a page into a pages folder (writePageSync) in one job, or links
       * an earlier build's files when the page has not changed (reusePageSync); its headers, or 'gone'.
       */
      renderTo?: (pagePath: string, timeoutMs: number, pagesDir: string, reuseDir?: string | null) => Promise<PageHeaders | 'gone'>;
    };

/**
 * The one render path (ADR 010): asks the running site for a fresh render of
 * a page (RENDER_HEADER bypasses the pre-built copy and the page cache) and
 * compresses it once (render-page.ts). 'gone' when the page no longer
 * exists as such (404, 410, a redirect).
 */
export async function renderPage(source: RenderSource, pagePath: string, timeoutMs = 30_000): Promise<RenderedPage | 'gone'> {
  try {
    // A worker sends the path as is: Arabic slugs (newsroom articles) must be percent-encoded there (fetch does it itself).
    if (typeof source !== 'string') return await source.renderPage(encodeURI(decodeURI(pagePath)), timeoutMs);
    const page = await fetchRendered(source, pagePath, timeoutMs);
    return page === 'gone' ? page : { ...page, ...(await compressPageAsync(page.html)) };
  } catch (err) {
    throw pageError(pagePath, err);
  }
}

/** A render over HTTP (the pre-build's header, past every cache), not yet compressed. */
async function fetchRendered(origin: string, pagePath: string, timeoutMs: number): Promise<RenderedHtml | 'gone'> {
  const res = await fetch(new URL(pagePath, origin), { headers: RENDER_REQUEST_HEADERS, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  return readRendered(pagePath, res);
}

/** A page's failure as a PrebuildError whose message names the page once. */
function pageError(pagePath: string, err: unknown): PrebuildError {
  if (err instanceof PrebuildError) return err;
  const message = (err as Error).message;
  return new PrebuildError(err instanceof RenderError || message.startsWith(`${pagePath}:`) ? message : `${pagePath}: ${message}`);
}

/**
 * Writes a rendered page and its twins into a build's pages folder, each file
 * written beside its place and renamed over it: a reader (our server, nginx)
 * sees the old file or the new one, never a partial one. The identity file
 * goes last, so that nginx's gzip_static never pairs a new page with an old twin for long.
 */
export async function writePage(pagesDir: string, pagePath: string, page: RenderedPage): Promise<void> {
  const file = pageFile(pagesDir, pagePath);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const put = async (target: string, body: Buffer) => {
    const t = path.join(path.dirname(target), `${path.basename(target)}${tmp}`);
    await writeFile(t, body);
    await rename(t, target);
  };
  await Promise.all([put(`${file}.gz`, page.gzip), put(`${file}.br`, page.br)]);
  await put(file, page.html);
}

/**
 * writePage on the calling thread (a render worker, at its lower priority):
 * the same files, the same write-then-rename order, without the file
 * system calls going through the process's shared thread pool.
 */
export function writePageSync(pagesDir: string, pagePath: string, page: RenderedPage): void {
  const file = pageFile(pagesDir, pagePath);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const put = (target: string, body: Buffer) => {
    const t = path.join(path.dirname(target), `${path.basename(target)}${tmp}`);
    writeFileSync(t, body);
    renameSync(t, target);
  };
  put(`${file}.gz`, page.gzip);
  put(`${file}.br`, page.br);
  put(file, page.html);
}

/** Where a linked page is read back (reusePageSync is synchronous: one use at a time per thread), kept between pages. */
let readBack = Buffer.alloc(0);

/** Whether a file holds exactly `html`: its size first, then its bytes, read into readBack (no new buffer per page). */
function holds(file: string, html: Buffer): boolean {
  const fd = openSync(file, 'r');
  try {
    if (fstatSync(fd).size !== html.length) return false;
    if (readBack.length < html.length) readBack = Buffer.alloc(Math.max(html.length, readBack.length * 2));
    let read = 0;
    while (read < html.length) {
      const n = readSync(fd, readBack, read, html.length - read, read);
      if (n === 0) return false;
      read += n;
    }
    return readBack.subarray(0, html.length).equals(html);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a gzip file is the compression of `html`, from its trailer: the
 * CRC-32 and the length (mod 2^32) of what it decompresses to (RFC 1952),
 * 8 bytes read instead of the whole file decompressed.
 */
function gzipOf(file: string, html: Buffer, crc: number): boolean {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size < 18) return false;
    const trailer = Buffer.alloc(8);
    if (readSync(fd, trailer, 0, 8, size - 8) !== 8) return false;
    return trailer.readUInt32LE(0) === crc && trailer.readUInt32LE(4) === html.length % 2 ** 32;
  } finally {
    closeSync(fd);
  }
}

/**
 * A page rendered byte for byte as in an earlier build (most pages, from
 * one pre-build to the next) takes that build's files instead of being
 * compressed and written again: the page and its twins are hard-linked into
 * `pagesDir` (beside their place, then renamed over it, twins first, like
 * writePageSync), after checking that the linked page equals `html`, that
 * the linked gzip twin's trailer has `html`'s CRC-32 and length, and that
 * the linked brotli twin decompresses to `html`. Files of a build are never
 * changed in place (always written beside and renamed over), so a linked
 * file keeps its content whatever later happens to the earlier build.
 * False when there is nothing to reuse (no earlier copy, a different page,
 * a file system without hard links): the caller compresses and writes.
 */
export function reusePageSync(fromPagesDir: string, pagesDir: string, pagePath: string, html: Buffer): boolean {
  const from = pageFile(fromPagesDir, pagePath);
  const file = pageFile(pagesDir, pagePath);
  const tmp = `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const linked: string[] = [];
  const link = (suffix: string): string => {
    const t = path.join(path.dirname(file), `${path.basename(file)}${suffix}${tmp}`);
    linkSync(`${from}${suffix}`, t);
    linked.push(t);
    return t;
  };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (!holds(link(''), html)) return false;
    if (!gzipOf(link('.gz'), html, crc32(html))) return false;
    // One output chunk of the page's size (+1: a longer output shows) instead of 16 KB ones joined.
    if (!brotliDecompressSync(readFileSync(link('.br')), { chunkSize: Math.max(64, html.length + 1) }).equals(html)) return false;
    // Twins first, the page last (writePageSync's order).
    renameSync(linked[1]!, `${file}.gz`);
    renameSync(linked[2]!, `${file}.br`);
    renameSync(linked[0]!, file);
    linked.length = 0;
    return true;
  } catch {
    return false;
  } finally {
    for (const t of linked) rmSync(t, { force: true });
  }
}

async function renderOne(source: RenderSource, pagePath: string, pagesDir: string, timeoutMs: number, reuseDir: string | null): Promise<PageHeaders | 'gone'> {
  if (typeof source !== 'string' && source.renderTo) {
    try {
      return await source.renderTo(encodeURI(decodeURI(pagePath)), timeoutMs, pagesDir, reuseDir);
    } catch (err) {
      throw pageError(pagePath, err);
    }
  }
  if (typeof source === 'string' && reuseDir) {
    // Over HTTP (`npm run rebuild`): the page as rendered, its earlier files when it has not changed.
    let page: RenderedHtml | 'gone';
    try {
      page = await fetchRendered(source, pagePath, timeoutMs);
    } catch (err) {
      throw pageError(pagePath, err);
    }
    if (page === 'gone') return page;
    const key = decodeURI(pagePath);
    if (!reusePageSync(reuseDir, pagesDir, key, page.html)) {
      const { gzip, br } = await compressPageAsync(page.html);
      await writePage(pagesDir, key, { ...page, gzip, br });
    }
    return page.headers;
  }
  const page = await renderPage(source, pagePath, timeoutMs);
  if (page === 'gone') return 'gone';
  await writePage(pagesDir, decodeURI(pagePath), page);
  return page.headers;
}

/**
 * Removes old builds, keeping the current one and the KEEP_BUILDS newest
 * others. Asynchronous: removing a build is thousands of unlinks (a second
 * or more on a disk mounted with `discard`, several under other I/O), which
 * must not stop the front server's thread that answers pre-built pages.
 */
export async function prune(siteDir: string): Promise<void> {
  const buildsDir = path.join(siteDir, BUILDS);
  let names: string[];
  try {
    names = await readdir(buildsDir);
  } catch {
    return;
  }
  const current = currentBuildId(siteDir);
  const others = names
    .filter((n) => n !== current)
    .sort()
    .reverse();
  for (const name of others.slice(KEEP_BUILDS)) {
    const dir = path.join(buildsDir, name);
    try {
      if (Date.now() - (await stat(dir)).mtimeMs < PRUNE_GRACE_MS) continue;
      await rm(dir, { recursive: true, force: true });
    } catch {
      /* already gone */
    }
  }
}

/** Points `current` at a build with one atomic rename (also a rollback to a kept build). */
export async function swapTo(siteDir: string, id: string): Promise<void> {
  const tmp = path.join(siteDir, `.${CURRENT}-${id}`);
  await rm(tmp, { force: true });
  await symlink(path.join(BUILDS, id), tmp);
  await rename(tmp, path.join(siteDir, CURRENT));
}

/** Runs one pre-build; resolves with what was built, rejects with PrebuildError (current untouched). */
export async function prebuild(opts: PrebuildOptions): Promise<PrebuildResult> {
  const started = Date.now();
  const log = opts.log ?? silentLog;
  await mkdir(path.join(opts.siteDir, BUILDS), { recursive: true });
  const release = takeLock(opts.siteDir);
  const id = newBuildId();
  const dir = buildDir(opts.siteDir, id);
  const pagesDir = path.join(dir, PAGES);
  try {
    if (!opts.paths && !opts.db) throw new PrebuildError('nothing to list the pages with (no store, no paths)');
    const paths = opts.paths ?? (await prebuildPaths(opts.db!, opts.articlesPerLanguage));
    await mkdir(pagesDir, { recursive: true });
    // The build serving now: its files are taken for every page rendered byte for byte the same (reusePageSync).
    const earlier = currentBuildId(opts.siteDir);
    const reuseDir = earlier && opts.reuse !== false ? path.join(buildDir(opts.siteDir, earlier), PAGES) : null;
    const manifest: BuildManifest = { id, builtAt: new Date(started).toISOString(), pages: {} };
    const skipped: string[] = [];
    let next = 0;
    let failed: Error | undefined;
    const worker = async (): Promise<void> => {
      while (!failed && next < paths.length) {
        const p = paths[next++]!;
        try {
          const headers = await renderOne(opts.origin, p, pagesDir, opts.timeoutMs ?? 30_000, reuseDir);
          if (headers === 'gone') skipped.push(p);
          else manifest.pages[decodeURI(p)] = headers;
        } catch (err) {
          failed ??= err instanceof Error ? err : new Error(String(err));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
    if (failed) throw failed instanceof PrebuildError ? failed : new PrebuildError(failed.message);
    await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
    await swapTo(opts.siteDir, id);
    const result = { id, pages: Object.keys(manifest.pages).length, skipped, ms: Date.now() - started };
    log.info(`pre-built ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s (build ${id}${skipped.length ? `, ${skipped.length} gone` : ''})`);
    await prune(opts.siteDir);
    return result;
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    const e = err instanceof PrebuildError ? err : new PrebuildError((err as Error).message);
    log.error(`pre-build failed, still serving ${currentBuildId(opts.siteDir) ?? 'on demand only'}: ${e.message}`);
    throw e;
  } finally {
    release();
  }
}
