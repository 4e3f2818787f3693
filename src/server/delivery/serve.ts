/**
 * Runs the site: the front server (server.ts) in front of the built Astro
 * handler, the pre-build job at start and on schedule (prebuild.ts), and an
 * orderly shutdown (stop accepting, finish requests, run the shutdown hooks
 * of lifecycle.ts, close the store).
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.ts';
import { getStore } from '../db/index.ts';
import { runShutdownHooks } from '../lifecycle.ts';
import { displaySlots } from '../ads/slots.ts';
import { prebuild, PrebuildBusyError, type PrebuildResult } from './prebuild.ts';
import { createDeliveryServer, type NodeHandler } from './server.ts';
import { rejectMalformedUrls } from '../pages/malformed-url.ts';
import { currentBuildId } from './site-dir.ts';

export interface RunningSite {
  server: Server;
  /** Where the pre-build (and anyone on this machine) reaches the site. */
  origin: string;
  siteDir: string;
  /** Runs a pre-build now (null when one is already running). */
  rebuild: () => Promise<PrebuildResult | null>;
  stop: () => Promise<void>;
}

/** The site folder of a configuration: SITE_DIR, else <DATA_DIR>/site. */
export function siteDirOf(config: Pick<Config, 'SITE_DIR' | 'DATA_DIR'>): string {
  return path.resolve(config.SITE_DIR ?? path.join(config.DATA_DIR, 'site'));
}

/** The loopback address for a listening host. */
function localOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

const log = (m: string): void => console.log(`[site] ${m}`);

export async function serveSite(opts: { distDir: string; config: Config; handleSignals?: boolean }): Promise<RunningSite> {
  const { config } = opts;
  // A bad AD_SLOTS_FILE stops the start here, not every page later.
  displaySlots(config);
  const siteDir = siteDirOf(config);
  const clientDir = path.join(opts.distDir, 'client');

  // The node adapter's handler without its own server (standalone mode would listen on import).
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  process.env.HOST = config.HOST;
  process.env.PORT = String(config.PORT);
  const entry = (await import(pathToFileURL(path.join(opts.distDir, 'server/entry.mjs')).href)) as { handler: NodeHandler };

  const server = createDeliveryServer({
    clientDir,
    siteDir,
    // A malformed address gets the localised 400 page, not the adapter's bare "Bad request.".
    fallback: rejectMalformedUrls(entry.handler),
    log,
    // Ready once a pre-built site exists (a previous one counts), at once without pre-building.
    ready: () => !config.PREBUILD || currentBuildId(siteDir) !== null,
  });
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
  log(`listening on ${origin} (pre-built pages from ${siteDir})`);

  let running: Promise<PrebuildResult | null> | null = null;
  const rebuild = (): Promise<PrebuildResult | null> => {
    if (running) return Promise.resolve(null);
    running = (async () => {
      const { db } = await getStore();
      try {
        return await prebuild({ db, origin, siteDir, articlesPerLanguage: config.PRERENDER_ARTICLES, log });
      } catch (err) {
        if (!(err instanceof PrebuildBusyError)) log(`pre-build failed: ${(err as Error).message}`);
        return null;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  let timer: NodeJS.Timeout | undefined;
  if (config.PREBUILD) {
    void rebuild();
    if (config.REBUILD_INTERVAL_MIN > 0) {
      timer = setInterval(() => void rebuild(), config.REBUILD_INTERVAL_MIN * 60_000);
      timer.unref();
    }
  }

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      clearInterval(timer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 5000);
      await closed;
      clearTimeout(force);
      await running;
      // Hooks first (they may still write, e.g. queued tracking events), then the store.
      await runShutdownHooks(5000, log);
      const { db } = await getStore();
      await db.destroy();
    })();
    return stopping;
  };

  if (opts.handleSignals !== false) {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        log(`${signal}: stopping`);
        void stop().then(() => process.exit(0));
      });
    }
  }

  return { server, origin, siteDir, rebuild, stop };
}
