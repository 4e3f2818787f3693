/**
 * Freshness without whole-site rebuilds (ADR 010): the front
 * server follows the change feed (content/changes.ts) and, for each change
 * whose time has come, within a second or two:
 *
 *  - renders its `paths` again through the one render path (prebuild.ts
 *    `renderPage`: the site's own on-demand renderer, compressed once) and
 *    swaps them into the current pre-build: files and twins replaced by
 *    rename, the manifest replaced by rename, the front server's memory
 *    updated. A path that is not pre-built yet but may be (language prefix,
 *    not a clock page) joins the build; one that now answers 404/410 or a
 *    redirect leaves it;
 *  - takes its `gone` paths out of the build (manifest and memory first, then
 *    the files, so nginx proxies them to Node), so the on-demand route
 *    answers them (410 for a withdrawn article);
 *  - drops every page-cache entry of those paths, whatever their query, and
 *    every cached API answer, feed and sitemap (regenerated once per change);
 *  - asks the CDN to purge their absolute URLs (cdn-purge.ts), in the background.
 *
 * Changes due in the same poll are merged (the last word on a path wins), so
 * a burst of publications renders the home page once. A path whose render
 * fails is tried again on the next polls (3 attempts); the scheduled whole
 * rebuild stays the safety net. When `current` moves to a build that started
 * before changes this loop applied (a rebuild that rendered a page before the
 * change), those changes are applied again to the new build.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ChangeFeedReader } from '../content/changes.ts';
import type { CdnPurger } from './cdn-purge.ts';
import { isPrebuildable } from './prebuild-paths.ts';
import { renderPage, writePage, type RenderedPage, type RenderSource } from './prebuild.ts';
import type { DeliveryControl } from './server.ts';
import { buildDir, currentBuildId, pageFile, pageKey, PAGES, readManifest, writeManifest } from './site-dir.ts';
import { silentLog, type Log } from '../log.ts';

export interface FreshnessOptions {
  db: Kysely<Database>;
  siteDir: string;
  /** The render path: the running site's origin, or the render pool (prebuild.ts RenderSource). */
  origin: RenderSource;
  /** Public origin: purged URLs are absolute from it. */
  siteUrl: string;
  delivery: DeliveryControl;
  purger?: CdnPurger | null;
  /** Poll period (default 500 ms). */
  intervalMs?: number;
  /** Pages rendered at once (default 4: the renders queue in the worker pool). */
  concurrency?: number;
  /** Changes due before this are not applied (default: now, the build in place already has them). */
  start?: Date;
  log?: Log;
}

/** How far back a (re)starting instance applies the changes its build in place may lack. */
const CATCH_UP_MS = 60 * 60_000;

/**
 * Where the change-feed follower starts: at the start of the build in place
 * (at most CATCH_UP_MS back), so that what changed while this instance was
 * down or since that build reaches its pages at once, not at its next
 * pre-build (which may wait for its turn). Without a build: now (the first
 * pre-build has everything).
 */
export function catchUpFrom(siteDir: string, now = Date.now()): { start?: Date } {
  const id = currentBuildId(siteDir);
  if (!id) return {};
  try {
    const builtAt = Date.parse(readManifest(siteDir, id).builtAt);
    return Number.isFinite(builtAt) ? { start: new Date(Math.max(builtAt, now - CATCH_UP_MS)) } : {};
  } catch {
    return {};
  }
}

type Action = 'render' | 'gone';

/** How long applied changes are remembered, to re-apply them to a build that started before them. */
const HISTORY_MS = 60 * 60_000;
const MAX_ATTEMPTS = 3;

export interface AppliedBatch {
  rendered: string[];
  removed: string[];
  failed: string[];
}

export class Freshness {
  private readonly reader: ChangeFeedReader;
  private readonly log: Log;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  /** Paths applied, with when, for re-applying to a build that started before them. */
  private history: { at: number; actions: Map<string, Action> }[] = [];
  /** Paths whose render failed, with attempts so far. */
  private retry = new Map<string, { action: Action; attempts: number }>();
  private build: string | null;
  private readonly opts: FreshnessOptions;

  constructor(opts: FreshnessOptions) {
    this.opts = opts;
    this.reader = new ChangeFeedReader(opts.db, opts.start);
    this.log = opts.log ?? silentLog;
    this.build = currentBuildId(opts.siteDir);
  }

  start(): void {
    const loop = async () => {
      if (this.stopped) return;
      await this.tick().catch((err: unknown) => this.log.error({ err }, 'change feed pass failed'));
      if (!this.stopped) this.timer = setTimeout(() => void loop(), this.opts.intervalMs ?? 500);
    };
    this.timer = setTimeout(() => void loop(), this.opts.intervalMs ?? 500);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One poll: applies what is due (and what a new build may have missed). */
  tick(): Promise<AppliedBatch> {
    const run = (this.running ?? Promise.resolve()).then(() => this.pollAndApply());
    this.running = run.catch(() => {});
    return run;
  }

  private async pollAndApply(): Promise<AppliedBatch> {
    const actions = new Map<string, Action>();
    const reasons = new Set<string>();

    // A build that appeared since the last poll: changes applied after it started may be missing from it.
    const current = currentBuildId(this.opts.siteDir);
    if (current && current !== this.build) {
      let builtAt = 0;
      try {
        builtAt = Date.parse(readManifest(this.opts.siteDir, current).builtAt);
      } catch {
        /* no manifest: replay everything remembered */
      }
      for (const h of this.history) if (h.at >= builtAt - 1000) for (const [p, a] of h.actions) actions.set(p, a);
      if (actions.size > 0) {
        reasons.add('replay');
        this.log.info(`build ${current} started before ${actions.size} path(s) changed: applying them again`);
      }
    }
    this.build = current;

    for (const [p, r] of this.retry) actions.set(p, r.action);
    const changes = await this.reader.poll();
    for (const change of changes) {
      reasons.add(change.reason);
      for (const p of change.gone) actions.set(p, 'gone');
      for (const p of change.paths) if (!change.gone.includes(p)) actions.set(p, 'render');
    }
    if (actions.size === 0) {
      // A change that names no page (breaking news, the live stream) still alters API answers.
      if (changes.length > 0) this.opts.delivery.forgetListings();
      return { rendered: [], removed: [], failed: [] };
    }
    const result = await this.apply(actions);
    this.history.push({ at: Date.now(), actions });
    const cutoff = Date.now() - HISTORY_MS;
    this.history = this.history.filter((h) => h.at >= cutoff);
    if (this.opts.purger) {
      const done = [...result.rendered, ...result.removed];
      this.opts.purger.enqueue(
        done.map((p) => new URL(p, this.opts.siteUrl).href),
        [...reasons].join(','),
      );
    }
    return result;
  }

  /** Applies path actions to the current build, the memory and the page cache. */
  private async apply(actions: Map<string, Action>): Promise<AppliedBatch> {
    const started = Date.now();
    const id = currentBuildId(this.opts.siteDir);
    const pagesDir = id ? path.join(buildDir(this.opts.siteDir, id), PAGES) : null;
    const manifest = id ? readManifest(this.opts.siteDir, id) : null;
    const rendered: string[] = [];
    const removed: string[] = [];
    const failed: string[] = [];
    const toRemove: string[] = [];
    const swapped: [string, RenderedPage][] = [];
    const keys: string[] = [];

    const entries = [...actions];
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const [p, action] = entries[next++]!;
        const key = pageKey(p.split('?')[0] ?? p);
        if (key) keys.push(key);
        // Only pre-buildable pages live in the build; the others just leave the caches.
        if (!key || !manifest || !pagesDir || !isPrebuildable(key)) {
          (action === 'gone' ? removed : rendered).push(p);
          this.retry.delete(p);
          continue;
        }
        if (action === 'gone') {
          toRemove.push(key);
          removed.push(p);
          this.retry.delete(p);
          continue;
        }
        let page: RenderedPage | 'gone';
        try {
          page = await renderPage(this.opts.origin, encodeURI(key));
        } catch (err) {
          const attempts = (this.retry.get(p)?.attempts ?? 0) + 1;
          if (attempts < MAX_ATTEMPTS) this.retry.set(p, { action, attempts });
          else this.retry.delete(p);
          this.log.warn(`re-render of ${key} failed (attempt ${attempts}): ${(err as Error).message}`);
          failed.push(p);
          continue;
        }
        this.retry.delete(p);
        if (page === 'gone') {
          toRemove.push(key);
          removed.push(p);
          continue;
        }
        await writePage(pagesDir, key, page);
        manifest.pages[key] = page.headers;
        swapped.push([key, page]);
        rendered.push(p);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.opts.concurrency ?? 4) }, worker));

    if (manifest && id && pagesDir) {
      const leaving = toRemove.filter((k) => k in manifest.pages);
      for (const k of leaving) delete manifest.pages[k];
      if (swapped.length > 0 || leaving.length > 0) await writeManifest(this.opts.siteDir, manifest);
      // Memory follows disk: the files and the manifest are in place.
      for (const [k, page] of swapped) this.opts.delivery.swapPage(id, k, page);
      for (const k of toRemove) {
        this.opts.delivery.swapPage(id, k, null);
        const file = pageFile(pagesDir, k);
        // The page first (nginx's try_files then proxies to Node), its twins after.
        await rm(file, { force: true });
        await Promise.all([rm(`${file}.gz`, { force: true }), rm(`${file}.br`, { force: true })]);
      }
    }
    const forgotten = this.opts.delivery.forgetPaths(keys) + this.opts.delivery.forgetListings();
    this.log.info(
      `change feed: ${rendered.length} re-rendered, ${removed.length} gone, ${failed.length} failed, ` +
        `${forgotten} cached cop${forgotten === 1 ? 'y' : 'ies'} dropped in ${Date.now() - started} ms${id ? ` (build ${id})` : ''}`,
    );
    return { rendered, removed, failed };
  }
}
