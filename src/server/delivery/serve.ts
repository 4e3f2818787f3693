/**
 * Runs the site: the front server (server.ts) in front of the built Astro
 * handler, which runs in the render pool's worker threads (render-pool.ts),
 * the pre-build job at start and on schedule (prebuild.ts; one instance of
 * the store at a time, by the `prebuild` lease: leases.ts), the change-feed
 * follower (freshness.ts), and an orderly shutdown (stop accepting, finish
 * requests, stop the workers, run the shutdown hooks of lifecycle.ts, close
 * the store).
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { proxyTrustWarning, siteUrlWarning, type Config } from '../config.ts';
import { acceptedHosts } from '../http/request-policy.ts';
import { getStore } from '../db/index.ts';
import { securityPolicy } from '../http/security-headers.ts';
import { trackConnections } from '../http/shutdown.ts';
import { runShutdownHooks } from '../lifecycle.ts';
import { featureLogger, installConsoleBridge } from '../log.ts';
import { displaySlots } from '../ads/slots.ts';
import { startMailWorker } from '../mail/index.ts';
import { startNewsletterSender } from '../newsletter/index.ts';
import { startPushJobs } from '../push/jobs.ts';
import { prebuild, PREBUILD_LEASE, PrebuildBusyError, siteDirOf, type PrebuildResult, type RenderSource } from './prebuild.ts';
import { RenderPool } from './render-pool.ts';
import { CdnPurger } from './cdn-purge.ts';
import { catchUpFrom, Freshness } from './freshness.ts';
import { createDeliveryHandler, createDeliveryServer, type DeliveryHandler, type NodeHandler } from './server.ts';
import { withPublicFiles } from './public-files.ts';
import { rejectMalformedUrls } from '../pages/malformed-url.ts';
import { apiQueryParamsOf, apiQueryRules, type ApiQueryRule } from '../api/query-params.ts';
import { currentBuildId } from './site-dir.ts';
import { withTurn } from '../leases.ts';

export interface RunningSite {
  server: Server;
  /** Where the pre-build (and anyone on this machine) reaches the site. */
  origin: string;
  siteDir: string;
  /** The front server's handler (what the change feed updates). */
  delivery: DeliveryHandler;
  /** Runs a pre-build now (null when one is already running). */
  rebuild: () => Promise<PrebuildResult | null>;
  stop: () => Promise<void>;
}

/** The loopback address for a listening host. */
function localOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}


/** A stop (SIGTERM) ends within this. */
const STOP_BUDGET_MS = 9000;

export async function serveSite(opts: { distDir: string; config: Config; handleSignals?: boolean }): Promise<RunningSite> {
  const { config } = opts;
  // Libraries' and Astro's console lines become structured, scrubbed log lines too (src/server/log.ts).
  installConsoleBridge();
  // The front server's parts log through one child logger, passed in (ADR 051).
  const log = featureLogger('site');
  // A bad AD_SLOTS_FILE stops the start here, not every page later.
  displaySlots(config);
  // So does a store that cannot be written or reached (StoreError, one line).
  await getStore();
  for (const warning of [siteUrlWarning(config), proxyTrustWarning(config)]) if (warning) log.warn(`*** WARNING *** ${warning}`);
  const siteDir = siteDirOf(config);
  const clientDir = path.join(opts.distDir, 'client');

  // The node adapter's middleware-mode handler (it renders; public-files.ts serves dist/client's files).
  process.env.HOST = config.HOST;
  process.env.PORT = String(config.PORT);
  let stopRequested = false;
  const entryUrl = pathToFileURL(path.join(opts.distDir, 'server/entry.mjs')).href;
  // The store is migrated here, once, before any worker opens it.
  const { db } = await getStore();

  // Astro (renders, API, store reads) runs in the render pool's worker threads
  // (render-pool.ts, ADR 010); RENDER_WORKERS=0 runs the adapter's handler on
  // this thread. Either way dist/client's few files are sent from here (public-files.ts).
  let pool: RenderPool | null = null;
  let fallback: NodeHandler;
  if (config.RENDER_WORKERS > 0) {
    pool = new RenderPool({ entry: entryUrl, size: config.RENDER_WORKERS, siteUrl: config.SITE_URL, log });
    await pool.ready();
    fallback = withPublicFiles(pool.handler, clientDir, { log });
  } else {
    fallback = withPublicFiles(((await import(entryUrl)) as { handler: NodeHandler }).handler, clientDir, { log });
  }

  // What each API route reads, so that other query parameters stay out of the page cache's keys.
  const apiRules = pool
    ? await pool.call<ApiQueryRule[]>('apiQueryRules')
    : apiQueryRules((await import('../api/routes/index.ts')).apiRoutes);

  const policy = securityPolicy(config);
  const delivery = createDeliveryHandler({
    clientDir,
    siteDir,
    // A malformed address gets the localised 400 page, not the adapter's bare "Bad request.".
    fallback: rejectMalformedUrls(fallback),
    fallbackCompresses: pool !== null,
    // Another encoding of a kept answer is made by a worker when a visitor first needs it.
    ...(pool ? { compressTwin: (encoding, source, sourceEncoding) => pool.compressTwin(encoding, source, sourceEncoding) } : {}),
    apiQueryParams: apiQueryParamsOf(apiRules),
    log,
    // Ready once a pre-built site exists (a previous one counts), at once without pre-building;
    // not ready any more as soon as a stop begins (load balancers stop sending).
    ready: () => !stopRequested && (!config.PREBUILD || currentBuildId(siteDir) !== null),
    // Only SITE_URL's host and its aliases are answered (ADR 029); behind, every request carries SITE_URL's host.
    hosts: acceptedHosts(config.SITE_URL, config.SITE_HOST_ALIASES),
    siteHost: new URL(config.SITE_URL).host,
  });
  const server = createDeliveryServer(delivery, { securityPolicy: policy });
  const connections = trackConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const origin = localOrigin(config.HOST, port);
  log.info(`listening on ${origin} (pre-built pages from ${siteDir}, ${pool ? `${config.RENDER_WORKERS} render workers` : 'rendering on this thread'})`);
  // The one render path (prebuild.ts renderPage): straight to the workers, or over HTTP to this server.
  const renderSource: RenderSource = pool ? pool.renderSource() : origin;
  // Mails queued before a restart (or by another instance) go out, and so do newsletter editions left sending.
  startMailWorker();
  startNewsletterSender();
  startPushJobs(async () => db, config);

  let running: Promise<PrebuildResult | null> | null = null;
  // Aborted when a stop begins: a pre-build still waiting for its turn is given up.
  const stopWaiting = new AbortController();
  const rebuild = (): Promise<PrebuildResult | null> => {
    if (running) return Promise.resolve(null);
    running = (async () => {
      try {
        // One full pre-build at a time among the instances of this store (ADR 020): the others wait for their turn.
        const turn = await withTurn(
          db,
          PREBUILD_LEASE,
          async () => {
            // The page list is read by a worker too: this thread never waits for the store.
            const paths = pool ? await pool.call<string[]>('prebuildPaths', config.PRERENDER_ARTICLES) : undefined;
            return await prebuild({
              db,
              origin: renderSource,
              siteDir,
              articlesPerLanguage: config.PRERENDER_ARTICLES,
              log,
              ...(paths ? { paths } : {}),
            });
          },
          {
            signal: stopWaiting.signal,
            onWait: (holder) => log.info(`pre-build: waiting for the turn${holder ? ` (held by ${holder.holder})` : ''}`),
            onLost: () => log.warn('pre-build: the turn expired while building (this instance stalled); another instance may build now'),
          },
        );
        return turn.ran ? turn.value : null;
      } catch (err) {
        if (!(err instanceof PrebuildBusyError)) log.error({ err }, 'pre-build failed');
        return null;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  // Content changes reach the pages within a second or two (freshness.ts, ADR 010).
  const purger = config.CDN_PURGE_URL ? new CdnPurger({ url: config.CDN_PURGE_URL, token: config.CDN_PURGE_TOKEN, log }) : null;
  const freshness = new Freshness({ db, siteDir, origin: renderSource, siteUrl: config.SITE_URL, delivery, purger, log, ...catchUpFrom(siteDir) });
  freshness.start();

  let timer: NodeJS.Timeout | undefined;
  if (config.PREBUILD) {
    void rebuild();
    if (config.REBUILD_INTERVAL_MIN > 0) {
      timer = setInterval(() => void rebuild(), config.REBUILD_INTERVAL_MIN * 60_000);
      timer.unref();
    }
  }

  /**
   * Graceful stop (ADR 013), within STOP_BUDGET_MS: /healthz answers 503 at
   * once; the listener closes; every request received (or arriving on an
   * open connection) is answered, each connection closing after its answer
   * (src/server/http/shutdown.ts); then the shutdown hooks (tracking
   * writes, the mail worker's current send) and the store.
   */
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopRequested = true;
    stopping ??= (async () => {
      const deadline = Date.now() + STOP_BUDGET_MS;
      clearInterval(timer);
      stopWaiting.abort();
      await freshness.stop();
      await connections.drain({ deadline: deadline - 2500 });
      // A pre-build in progress fails once the server is closed; it is not waited for past the budget.
      const until = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())).unref());
      await Promise.race([running, until(deadline - 2000)]);
      // Each worker finishes its requests, runs its shutdown hooks (tracking writes) and closes its store.
      await Promise.race([pool?.stop(), until(deadline - 1000)]);
      // Hooks first (they may still write, e.g. the mail worker's current send), then the store.
      await runShutdownHooks(Math.max(200, deadline - 500 - Date.now()), log);
      await db.destroy();
    })();
    return stopping;
  };

  if (opts.handleSignals !== false) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        log.info(`${signal}: stopping (at most ${STOP_BUDGET_MS / 1000} s)`);
        // Whatever happens, the process is gone within the budget.
        setTimeout(() => process.exit(1), STOP_BUDGET_MS + 500).unref();
        void stop().then(
          () => process.exit(0),
          (err: unknown) => {
            log.error({ err }, 'stop failed');
            process.exit(1);
          },
        );
      });
    }
  }

  return { server, delivery, origin, siteDir, rebuild, stop };
}
