/**
 * Serving benchmark, side by side in one run (ADR 010):
 *
 *  1. the same pre-built page (an article, the home page) from the site's
 *     own front server and from nginx with the project's deploy/nginx config
 *     (reading the same build folder), and the ratio front / nginx;
 *  2. the front server's pre-built home page idle, while four uncached
 *     searches run without pause (search pages of random pairs of words
 *     from the store), while the newsroom's worst inputs are sent two at a
 *     time (a 1.4 MB headline of nested unclosed `<b>`, a body of 200,000
 *     tags, 10,000 nested XML elements: each refused at once, ADR 031), and
 *     while a whole-site pre-build runs, interleaved (idle, searches, idle,
 *     worst inputs, idle, pre-build, idle; BENCH_ROUNDS times the loaded
 *     cases), each loaded run as a ratio of the idle runs beside it, with
 *     the front thread's CPU time per request (scripts/bench-load.ts) and
 *     a verdict against the goal (>= 0.8 of idle, p99 <= 20 ms);
 *  3. what misses, API answers and sitemaps weigh on the wire, and whether
 *     they are kept.
 *
 *   npm run bench:static
 *
 * It builds the site if stale, seeds a temporary store (or uses
 * BENCH_DATA_DIR as it is, e.g. one seeded with `--articles 100000`), and
 * runs the site in this process (src/server/delivery/serve.ts, with its
 * render workers) so that it can start a pre-build; nginx and the load
 * (wrk: apt-get install wrk nginx-light) run in their own processes.
 * BENCH_CONNECTIONS (default 50), BENCH_SECONDS per case (default 5),
 * BENCH_ROUNDS (default 1); BENCH_PORT and BENCH_NGINX_PORT (default: free
 * ports). Rates vary with what else the machine does: compare within one
 * run; the CPU per request does not.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { machine, print, runCases, searchScript, verdicts, worstInputsScript, wrk, WRK, type LoadCase, type WrkResult } from './bench-load.ts';
import { NGINX, startNginx, type RunningNginx } from './nginx.ts';
import { ensureBuild, freePort, root, seedTempDataDir } from './test-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const SECONDS = Number(process.env.BENCH_SECONDS) || 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 1;
const BR = { 'accept-encoding': 'gzip, deflate, br' };

const load = (url: string, opts: { headers?: Record<string, string>; connections?: number; seconds?: number; script?: string } = {}) =>
  wrk(url, { connections: opts.connections ?? CONNECTIONS, seconds: opts.seconds ?? SECONDS, ...opts });

const row = (name: string, r: WrkResult, note = '') =>
  print(`${name.padEnd(44)} ${Math.round(r.rps).toString().padStart(8)} ${r.p99.padStart(9)} ${String(r.failures).padStart(8)}  ${note}`);

/** A GET without decoding: bytes on the wire, encoding, X-Cache. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string | null; cache: string | null }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        resolve({ bytes, encoding: (res.headers['content-encoding'] as string | undefined) ?? null, cache: (res.headers['x-cache'] as string | undefined) ?? null }),
      );
    })
      .on('error', reject)
      .end();
  });
}

async function main(): Promise<void> {
  if (!WRK) {
    console.error('bench:static needs wrk: apt-get install wrk');
    process.exit(2);
  }
  if (!NGINX) {
    console.error('bench:static needs nginx: apt-get install nginx-light');
    process.exit(2);
  }
  const own = !process.env.BENCH_DATA_DIR;
  const dataDir = process.env.BENCH_DATA_DIR ?? (await seedTempDataDir());
  ensureBuild();
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  // A store that already has a pre-built site (BENCH_DATA_DIR): no pre-build at start, the bench starts one itself.
  const hasBuild = existsSync(path.join(dataDir, 'site', 'current'));
  Object.assign(process.env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    SEED_ON_START: 'false',
    PREBUILD: hasBuild ? 'false' : 'true',
    REBUILD_INTERVAL_MIN: '0',
    TRACKING_RATE_PER_MIN: '0',
  });
  const [{ getConfig }, { serveSite }] = await Promise.all([import('../src/server/config.ts'), import('../src/server/delivery/serve.ts')]);
  const config = getConfig();
  const site = await serveSite({ distDir: path.join(root, 'dist'), config, handleSignals: false });
  const base = site.origin;
  const tmp = mkdtempSync(path.join(tmpdir(), '2m-bench-'));
  let nginx: RunningNginx | undefined;
  try {
    const started = Date.now();
    for (;;) {
      const res = await fetch(`${base}/healthz`);
      await res.body?.cancel();
      if (res.ok) break;
      if (Date.now() - started > 1_800_000) throw new Error('no pre-build after 30 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    nginx = await startNginx({
      siteDir: site.siteDir,
      upstream: new URL(base).host,
      clientDir: path.join(root, 'dist/client'),
      ...(process.env.BENCH_NGINX_PORT ? { port: Number(process.env.BENCH_NGINX_PORT) } : {}),
    });

    const recent = await fetch(`${base}/api/articlesrecent`, { headers: { locale: 'fr' } });
    const article = ((await recent.json()) as { response: { articles: { path: string }[] } }).response.articles[0]?.path;
    if (!article) throw new Error('no article in the store');
    for (const [name, url, want] of [
      ['front', `${base}${article}`, null],
      ['nginx', `${nginx.base}${article}`, 'nginx'],
    ] as const) {
      const res = await fetch(url);
      await res.body?.cancel();
      const prebuilt = res.headers.get('x-prebuilt');
      if (!prebuilt || (want && prebuilt !== want)) throw new Error(`${name}: ${article} is not served pre-built`);
    }

    print(`machine: ${machine()}`);
    print(`wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per case; site ${base} (${config.RENDER_WORKERS} render workers), nginx ${nginx.base}\n`);
    print(`${'case'.padEnd(44)} ${'req/s'.padStart(8)} ${'p99'.padStart(9)} ${'failures'.padStart(8)}`);

    // 1. Front server against nginx, same files.
    const pairs: [string, string][] = [
      ['pre-built article, brotli', article],
      ['pre-built home /fr, brotli', '/fr'],
    ];
    const ratios: string[] = [];
    for (const [name, p] of pairs) {
      const f = await load(`${base}${p}`, { headers: BR });
      row(`${name}: front server`, f);
      const n = await load(`${nginx.base}${p}`, { headers: BR });
      row(`${name}: nginx`, n);
      ratios.push(`${name}: front/nginx = ${(f.rps / n.rps).toFixed(2)}`);
    }

    // 2. The pre-built home while the workers are busy, interleaved with idle runs.
    print(`\npre-built home /fr (brotli) while the render workers are busy; server process: front thread, render workers, other threads (CPU share of wall time)`);
    const script = await searchScript(base, tmp);
    const searches: LoadCase = {
      name: '4 uncached searches',
      load: async () => {
        const s = await load(`${base}/`, { connections: 4, seconds: SECONDS + 2, script });
        return `(${Math.round(s.rps)} searches/s, p99 ${s.p99}${s.failures ? `, ${s.failures} failed` : ''})`;
      },
    };
    const prebuild: LoadCase = {
      name: 'a whole pre-build',
      load: async () => {
        const started = Date.now();
        const built = await site.rebuild();
        const secs = (Date.now() - started) / 1000;
        return built ? `(pre-build: ${built.pages} pages in ${secs.toFixed(1)} s${secs < SECONDS + 1 ? ', ended before the measurement did' : ''})` : '(pre-build did not run)';
      },
    };
    // The newsroom's worst inputs (ADR 031), two at a time without pause: each is refused (422) before any parsing.
    const [{ getStore }, { createToken }] = await Promise.all([import('../src/server/db/index.ts'), import('../src/server/newsroom/auth.ts')]);
    const worstScript = worstInputsScript(tmp, await createToken((await getStore()).db, `bench-worst-${Date.now()}`));
    const worst: LoadCase = {
      name: 'worst newsroom inputs',
      load: async () => {
        const w = await load(`${base}/`, { connections: 2, seconds: SECONDS + 2, script: worstScript });
        return `(${Math.round(w.rps)} bad requests/s answered, p99 ${w.p99}, ${w.failures} answered 4xx of ${w.requests})`;
      },
    };
    const idle: LoadCase = { name: 'idle' };
    const cases: LoadCase[] = [idle];
    for (let i = 0; i < ROUNDS; i++) cases.push(searches, idle, worst, idle, prebuild, idle);
    const results = await runCases({ pid: process.pid, url: `${base}/fr`, headers: BR, connections: CONNECTIONS, seconds: SECONDS, cases });

    // 3. What misses, API answers and sitemaps weigh on the wire (the miss in brotli, then the kept copy in gzip and identity).
    print(`\n${'answer'.padEnd(44)} ${'identity'.padStart(9)} ${'gzip'.padStart(9)} ${'br'.padStart(9)}  kept`);
    const stamp = Date.now();
    for (const [name, p, headers] of [
      ['search page (a miss)', `/fr/search?q=maroc&page=1`, {}],
      ['deep listing page past the end (404)', `${article.split('/').slice(0, 3).join('/')}?page=${9000 + (stamp % 1000)}`, {}],
      ['API /api/Search/1?search=maroc', '/api/Search/1?search=maroc', { locale: 'fr' }],
      ['sitemap /fr/sitemap-1.xml', '/fr/sitemap-1.xml', {}],
    ] as [string, string, Record<string, string>][]) {
      // The miss first, as a browser asks (brotli): it must leave compressed too.
      const sizes: Record<string, number> = {};
      let kept = '';
      for (const ae of ['br', 'gzip', 'identity']) {
        const r = await rawGet(`${base}${p}`, { ...headers, 'accept-encoding': ae });
        sizes[ae] = r.bytes;
        if (ae === 'br') kept = r.cache === 'HIT' ? 'HIT at once' : '';
        else if (ae === 'gzip') kept ||= r.cache === 'HIT' ? 'yes' : 'no';
        if (ae !== 'identity' && r.encoding !== ae) kept += ` (not ${ae}: ${r.encoding ?? 'identity'})`;
      }
      const kb = (n = 0) => `${(n / 1024).toFixed(1)}K`.padStart(9);
      print(`${name.padEnd(44)} ${kb(sizes.identity)} ${kb(sizes.gzip)} ${kb(sizes.br)}  ${kept}`);
    }

    print('');
    for (const r of ratios) print(r);
    print(`\nmachine: ${machine()}`);
    for (const v of verdicts(results)) print(v.line);
    if (results.some((r) => r.r.failures > 0)) process.exitCode = 1;
  } finally {
    await nginx?.stop();
    await site.stop();
    rmSync(tmp, { recursive: true, force: true });
    if (own) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
