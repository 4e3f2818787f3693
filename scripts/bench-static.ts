/**
 * Serving benchmark, side by side in one run (issue 11 item 5):
 *
 *  1. the same pre-built page (an article, the home page) from the site's
 *     own front server and from nginx with the project's deploy/nginx config
 *     (reading the same build folder), and the ratio front / nginx;
 *  2. the front server's pre-built home page idle, while four uncached
 *     searches run without pause (random pairs of words from the store), and
 *     while a whole-site pre-build runs, each as a ratio of the idle rate.
 *
 *   npm run bench:static
 *
 * It builds the site if stale, seeds a temporary store (or uses
 * BENCH_DATA_DIR as it is, e.g. one seeded with `--articles 100000`), and
 * runs the site in this process (src/server/delivery/serve.ts, with its
 * render workers) so that it can start a pre-build; nginx and the load
 * (wrk: apt-get install wrk nginx-light) run in their own processes.
 * BENCH_CONNECTIONS (default 50), BENCH_SECONDS per case (default 5);
 * BENCH_PORT and BENCH_NGINX_PORT (default: free ports).
 * Numbers vary with what else the machine does: compare within one run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { NGINX, startNginx, type RunningNginx } from './nginx.ts';
import { ensureBuild, freePort, root, seedTempDataDir } from './test-server.ts';

const run = promisify(execFile);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
const SECONDS = Number(process.env.BENCH_SECONDS) || 5;
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
const BR = { 'accept-encoding': 'gzip, deflate, br' };

interface Result {
  rps: number;
  p99: string;
  p99ms: number;
  failures: number;
}

function ms(v: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v);
  if (!m) return NaN;
  return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[m[2]!]!;
}

/** wrk in its own process (never blocking this one, which is the server). */
async function load(url: string, opts: { headers?: Record<string, string>; connections?: number; seconds?: number; script?: string } = {}): Promise<Result> {
  const args = ['-t1', `-c${opts.connections ?? CONNECTIONS}`, `-d${opts.seconds ?? SECONDS}s`, '--latency'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (opts.script) args.push('-s', opts.script);
  args.push(url);
  const { stdout: out } = await run(WRK!, args, { encoding: 'utf8' });
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`cannot read wrk's output:\n${out}`);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const errors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  const p99 = out.match(/\s99%\s+(\S+)/)?.[1] ?? '?';
  return { rps, p99, p99ms: ms(p99), failures: non2xx + errors };
}

const row = (name: string, r: Result, note = '') =>
  console.log(`${name.padEnd(44)} ${Math.round(r.rps).toString().padStart(8)} ${r.p99.padStart(9)} ${String(r.failures).padStart(8)}  ${note}`);

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

async function searchScript(base: string, dir: string): Promise<string> {
  const words = new Set<string>();
  for (const lang of ['ar', 'fr']) {
    const res = await fetch(`${base}/api/articlesrecent`, { headers: { locale: lang } });
    const body = (await res.json()) as { response: { articles: { title: string }[] } };
    for (const a of body.response.articles) for (const w of a.title.split(/[\s,.:;!?«»"'()]+/)) if (w.length >= 4) words.add(w);
  }
  const list = [...words].slice(0, 400).map((w) => `"${encodeURIComponent(w)}"`);
  if (list.length < 10) throw new Error('too few words in the store for uncached searches');
  const file = path.join(dir, 'search.lua');
  // Two random words and a random page: practically never the same query twice.
  writeFileSync(
    file,
    `local words = {${list.join(',')}}
math.randomseed(os.time())
request = function()
  local q = words[math.random(#words)] .. "%20" .. words[math.random(#words)]
  return wrk.format("GET", "/api/Search/" .. math.random(3) .. "?search=" .. q)
end
`,
  );
  return file;
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

    console.log(`wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per case; site ${base} (${config.RENDER_WORKERS} render workers), nginx ${nginx.base}\n`);
    console.log(`${'case'.padEnd(44)} ${'req/s'.padStart(8)} ${'p99'.padStart(9)} ${'failures'.padStart(8)}`);

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

    // 2. The pre-built home while the workers are busy.
    const idle = await load(`${base}/fr`, { headers: BR });
    row('home idle', idle);
    const script = await searchScript(base, tmp);
    const searches = load(base, { connections: 4, seconds: SECONDS + 2, script });
    await new Promise((r) => setTimeout(r, 1000));
    const underSearch = await load(`${base}/fr`, { headers: BR });
    const s = await searches;
    row('home during 4 uncached searches', underSearch, `(searches: ${Math.round(s.rps)}/s, p99 ${s.p99})`);

    const rebuildStarted = Date.now();
    const rebuild = site.rebuild();
    await new Promise((r) => setTimeout(r, 500));
    const underBuild = await load(`${base}/fr`, { headers: BR });
    const built = await rebuild;
    row(
      'home during a pre-build',
      underBuild,
      built ? `(pre-build: ${built.pages} pages in ${((Date.now() - rebuildStarted) / 1000).toFixed(1)} s)` : '(pre-build did not run)',
    );

    // 3. What misses, API answers and sitemaps weigh on the wire (first request, then the kept copy).
    console.log(`\n${'answer'.padEnd(44)} ${'identity'.padStart(9)} ${'gzip'.padStart(9)} ${'br'.padStart(9)}  kept`);
    const stamp = Date.now();
    for (const [name, p, headers] of [
      ['search page (a miss)', `/fr/search?q=maroc&page=1&n=${stamp}`, {}],
      ['deep listing page past the end (404)', `${article.split('/').slice(0, 3).join('/')}?page=${9000 + (stamp % 1000)}`, {}],
      ['API /api/articlesrecent', `/api/articlesrecent?n=${stamp}`, { locale: 'fr' }],
      ['sitemap /fr/sitemap.xml', '/fr/sitemap.xml', {}],
    ] as [string, string, Record<string, string>][]) {
      const sizes: number[] = [];
      let kept = '';
      for (const ae of ['identity', 'gzip', 'br']) {
        const r = await rawGet(`${base}${p}`, { ...headers, 'accept-encoding': ae });
        sizes.push(r.bytes);
        kept = r.cache ?? kept;
        if (ae !== 'identity' && r.encoding !== ae) kept += ` (not ${ae}: ${r.encoding ?? 'identity'})`;
      }
      console.log(`${name.padEnd(44)} ${sizes.map((n) => `${(n / 1024).toFixed(1)}K`.padStart(9)).join(' ')}  ${kept || 'no'}`);
    }

    console.log('');
    for (const r of ratios) console.log(r);
    const verdict = (r: Result) => `${(r.rps / idle.rps).toFixed(2)} of idle, p99 ${r.p99} (goal: >= 0.8 and <= 20 ms: ${r.rps >= 0.8 * idle.rps && r.p99ms <= 20 ? 'met' : 'NOT met'})`;
    console.log(`home during 4 uncached searches: ${verdict(underSearch)}`);
    console.log(`home during a pre-build: ${verdict(underBuild)}`);
    if ([idle.failures, underSearch.failures, underBuild.failures].some((n) => n > 0)) process.exitCode = 1;
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
