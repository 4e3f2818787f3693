/**
 * Throughput of the site's own front server (src/server/delivery/server.ts)
 * for what it serves from memory, next to an on-demand render for contrast.
 * DESIGN.md §6 measured Astro's node adapter at about 7,000 requests a second
 * for a 7 KB static page on these machines (nginx: about 150,000); the front
 * server must do better than the adapter, and the exit code says whether the
 * pre-built page did (BENCH_MIN_RPS, default 7000).
 *
 *   npm run bench:static [-- URL]      measure a running site
 *   npm run bench:static               no URL: build if stale, seed a temp
 *                                      store, start the site and wait for its
 *                                      first pre-build (scripts/test-server.ts)
 *
 * Load comes from wrk (Debian package `wrk`: apt-get install wrk), in its own
 * process, one thread (BENCH_CONNECTIONS, default 50; BENCH_SECONDS per case,
 * default 5). autocannon was tried first and reads compressed responses about
 * three times too slow on these machines. Numbers vary with what else the
 * machine does: compare runs on the same machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureBuild, seedTempDataDir, startServer, type RunningServer } from './test-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const SECONDS = Number(process.env.BENCH_SECONDS) || 5;
const MIN_RPS = Number(process.env.BENCH_MIN_RPS) || 7000;
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));

interface Case {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

interface Result {
  rps: number;
  p99: string;
  transfer: string;
  failures: number;
}

function load(url: string, headers: Record<string, string> = {}): Result {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  const run = spawnSync(WRK!, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`cannot read wrk's output:\n${out}`);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  return {
    rps,
    p99: out.match(/\s99%\s+(\S+)/)?.[1] ?? '?',
    transfer: out.match(/Transfer\/sec:\s+(\S+)/)?.[1] ?? '?',
    failures: non2xx + errors,
  };
}

async function firstArticle(base: string): Promise<string> {
  const res = await fetch(`${base}/api/articlesrecent`, { headers: { locale: 'fr' } });
  const body = (await res.json()) as { response: { articles: { path: string }[] } };
  const p = body.response.articles[0]?.path;
  if (!p) throw new Error('no article');
  return p;
}

async function main(): Promise<void> {
  if (!WRK) {
    console.error('bench:static needs wrk: apt-get install wrk');
    process.exit(2);
  }
  let server: RunningServer | undefined;
  let base = process.argv[2] ?? process.env.BENCH_URL;
  if (!base) {
    const dataDir = await seedTempDataDir();
    ensureBuild();
    server = await startServer({ dataDir });
    base = server.baseUrl;
  }
  try {
    const article = await firstArticle(base);
    const home = await fetch(`${base}/fr`);
    if (!home.headers.get('x-prebuilt')) throw new Error(`${base}/fr is not served pre-built: is the pre-build done?`);
    const html = await home.text();
    const asset = html.match(/\/_astro\/[^"']+\.js/)?.[0] ?? html.match(/\/_astro\/[^"']+\.css/)?.[0];
    const cases: Case[] = [
      { name: 'pre-built article, brotli', path: article, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      { name: 'pre-built article, identity', path: article },
      { name: 'pre-built home, brotli', path: '/fr', headers: { 'accept-encoding': 'gzip, deflate, br' } },
      ...(asset ? [{ name: 'build asset (/_astro), brotli', path: asset, headers: { 'accept-encoding': 'br' } }] : []),
      { name: 'on-demand article (query string)', path: `${article}?bench=1`, headers: { 'accept-encoding': 'br' } },
    ];
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per case, against ${base}\n`);
    console.log(`${'case'.padEnd(36)} ${'req/s'.padStart(9)} ${'p99'.padStart(9)} ${'transfer/s'.padStart(11)}  failures`);
    let prebuiltRps = 0;
    for (const c of cases) {
      const r = load(`${base}${c.path}`, c.headers);
      if (c.name === 'pre-built article, brotli') prebuiltRps = r.rps;
      console.log(
        `${c.name.padEnd(36)} ${Math.round(r.rps).toString().padStart(9)} ${r.p99.padStart(9)} ${r.transfer.padStart(11)}  ${r.failures}`,
      );
    }
    console.log(`\nreference (DESIGN.md §6): Astro's node adapter about 7000 req/s, nginx about 150000 req/s`);
    if (prebuiltRps < MIN_RPS) {
      console.error(`pre-built article: ${Math.round(prebuiltRps)} req/s, under ${MIN_RPS}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
