/**
 * JavaScript weight per page type: for each page type in
 * both languages, the scripts a page loads before any interaction, raw and
 * gzipped, and a non-zero exit when a page type ships more than the budget
 * (50 KB gzip for every page type, home included: ADR 014).
 *
 *   npm run bench:js [-- URL]          measure a running site
 *   BENCH_URL=http://host:port npm run bench:js
 *   npm run bench:js                   no URL: build if stale, seed a temp
 *                                      store and start the built server
 *                                      (scripts/test-server.ts helpers)
 *
 * Counted for a page: every `<script src>` (classic or module), every inline
 * script (JSON-LD and other data blocks excluded), every
 * `<link rel="modulepreload">`, the component and renderer modules of every
 * Astro island hydrated at load (any other directive than the three below),
 * and, recursively, the static imports of every
 * module counted (dynamic `import()` loads on demand, and is not counted).
 * Islands hydrated later load after the page became interactive: with
 * `client:idle` (the shell's islands) once the page is idle, with
 * `client:visible` (the rectangle ad and the home's prayer card, below a
 * phone's first screen; a member page's panel) once they near the screen, with `client:media` (the
 * desktop skin) only at the widths they exist at. Their modules not already
 * counted are shown apart ("idle gzip KB") and are not in the budget.
 * Each file is gzipped on its own at level 6 (what CDNs and nginx use) and
 * the sizes summed, as a browser receives them.
 *
 * Real ids and slugs come from the site's own API (locale header).
 * Environment: BENCH_BUDGET_KB (default 50), BENCH_GZIP_LEVEL (default 6).
 */
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { route } from '../src/lib/routes.ts';
import type { Locale } from '../src/i18n/locales.ts';

const LOCALES: readonly Locale[] = ['ar', 'fr'];
const BUDGET_KB = Number(process.env.BENCH_BUDGET_KB) || 50;
const GZIP_LEVEL = Math.min(9, Math.max(1, Number(process.env.BENCH_GZIP_LEVEL) || 6));
/** Page types whose absence is a failure (the others may still be under construction). */
const REQUIRED = new Set(['home', 'article']);

type PageType =
  | 'home'
  | 'article'
  | 'tag'
  | 'master tag'
  | 'TV guide'
  | 'live'
  | 'replay home'
  | 'single replay'
  | 'JT bulletin'
  | 'search'
  | 'static page'
  | '404';

interface Target {
  type: PageType;
  lang: Locale;
  /** Site path, or null when no real id could be found. */
  path: string | null;
  /** The status the page should answer (404 for the 404 page). */
  expect: number;
}

interface Measure {
  target: Target;
  status: number | null;
  scripts: number;
  raw: number;
  gzip: number;
  files: { url: string; raw: number; gzip: number }[];
  /** gzip bytes of the deferred (idle, visible, media) islands' modules not counted above. */
  idleGzip: number;
  idleFiles: { url: string; raw: number; gzip: number }[];
  note?: string;
}

/* ---- discovering real pages through the API ---- */

async function api(base: string, lang: Locale, p: string): Promise<unknown> {
  try {
    const res = await fetch(new URL(p, base), { headers: { locale: lang, accept: 'application/json' } });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { response?: unknown };
    return body.response;
  } catch {
    return undefined;
  }
}

/** Reads a nested value: get(x, 'articles', 0, 'path'). */
function get(value: unknown, ...keys: (string | number)[]): unknown {
  let v: unknown = value;
  for (const k of keys) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

async function targets(base: string, lang: Locale): Promise<Target[]> {
  const recent = await api(base, lang, '/api/articlesrecent');
  const articlePath = str(get(recent, 'articles', 0, 'path'));
  const articleId = get(recent, 'articles', 0, 'id');
  const articleTitle = str(get(recent, 'articles', 0, 'title'));

  let tagId: number | null = null;
  if (typeof articleId === 'number') {
    const detail = await api(base, lang, `/api/postdetails/${articleId}`);
    const id = get(detail, 'article', 'tags', 0, 'id');
    if (typeof id === 'number') tagId = id;
  }

  const masters = await api(base, lang, '/api/getmastertags');
  const masterPath = str(get(masters, 'MasterTags', 0, 'path'));

  const replays = get(await api(base, lang, '/api/watchLastReplays/1'), 'items');
  const episode = Array.isArray(replays)
    ? (replays as { type?: unknown; path?: unknown }[]).find((r) => r.type === 'episode')
    : undefined;
  const episodePath = str(episode?.path);

  const jt = await api(base, lang, '/api/getListJT');
  const editions = get(jt, 'editions');
  let jtPath: string | null = null;
  if (Array.isArray(editions)) {
    for (const e of editions) {
      jtPath = str(get(e, 'bulletins', 0, 'path'));
      if (jtPath) break;
    }
  }

  // A word of a real headline, so the search page has results to show.
  const word = articleTitle?.split(/[\s:,.«»"'()!?؟،-]+/).find((w) => w.length >= 4) ?? (lang === 'ar' ? 'المغرب' : 'Maroc');

  const t = (type: PageType, p: string | null, expect = 200): Target => ({ type, lang, path: p, expect });
  return [
    t('home', route('index', lang)),
    t('article', articlePath),
    t('tag', tagId == null ? null : route('posts-tag-id', lang, { id: tagId })),
    t('master tag', masterPath),
    t('TV guide', route('guidetv', lang)),
    t('live', route('live', lang)),
    t('replay home', route('replay-id', lang, {})),
    t('single replay', episodePath),
    t('JT bulletin', jtPath),
    t('search', `${route('search', lang)}?q=${encodeURIComponent(word)}`),
    t('static page', route('navigationlinks-conditions', lang)),
    t('404', `/${lang}/bench-js-no-such-page-${Date.now().toString(36)}`, 404),
  ];
}

/* ---- collecting the scripts of a page ---- */

const attr = (tag: string, name: string): string | null => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : null;
};
const decodeEntities = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

interface PageScripts {
  external: string[];
  inline: string[];
  /** Modules of deferred islands (`client:idle`, `client:visible`, `client:media`). */
  idle: string[];
}

function scriptsOf(html: string, pageUrl: string): PageScripts {
  const external = new Set<string>();
  const idle = new Set<string>();
  const inline: string[] = [];
  // Comments may hold markup that is never run.
  const doc = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of doc.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const open = `<script${m[1] ?? ''}>`;
    const type = (attr(open, 'type') ?? '').trim().toLowerCase();
    if (!JS_TYPES.has(type)) continue;
    const src = attr(open, 'src');
    if (src) external.add(new URL(src, pageUrl).href);
    else if ((m[2] ?? '').trim()) inline.push(m[2] ?? '');
  }
  for (const m of doc.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(m[0], 'href');
    if (href && rel.includes('modulepreload')) external.add(new URL(href, pageUrl).href);
  }
  for (const m of doc.matchAll(/<astro-island\b[^>]*>/gi)) {
    const onIdle = ['idle', 'visible', 'media'].includes(attr(m[0], 'client') ?? '');
    for (const name of ['component-url', 'renderer-url']) {
      const u = attr(m[0], name);
      if (u) (onIdle ? idle : external).add(new URL(u, pageUrl).href);
    }
  }
  return { external: [...external], inline, idle: [...idle].filter((u) => !external.has(u)) };
}

/** Static import/export-from specifiers of a module (not dynamic import()). */
function staticImports(code: string): string[] {
  const out = new Set<string>();
  const re = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) {
    const spec = m[1] ?? '';
    if (spec.startsWith('.') || spec.startsWith('/') || /^https?:/.test(spec)) out.add(spec);
  }
  return [...out];
}

const cache = new Map<string, Promise<Buffer | null>>();
function fetchFile(url: string): Promise<Buffer | null> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url)
      .then(async (r) => (r.ok ? Buffer.from(await r.arrayBuffer()) : null))
      .catch(() => null);
    cache.set(url, p);
  }
  return p;
}

const gz = (b: Buffer | string) => gzipSync(b, { level: GZIP_LEVEL }).length;

async function measure(base: string, target: Target): Promise<Measure> {
  const empty = { scripts: 0, raw: 0, gzip: 0, files: [], idleGzip: 0, idleFiles: [] };
  if (!target.path) return { target, status: null, ...empty, note: 'no real id found through the API' };
  const pageUrl = new URL(target.path, base).href;
  let res: Response;
  try {
    res = await fetch(pageUrl, { headers: { accept: 'text/html' } });
  } catch (err) {
    return { target, status: null, ...empty, note: `fetch failed: ${err instanceof Error ? err.message : String(err)}` };
  }
  const html = await res.text();
  if (res.status !== target.expect) {
    return { target, status: res.status, ...empty, note: res.status === 404 ? 'missing (404)' : `answered ${res.status}` };
  }
  const { external, inline, idle } = scriptsOf(html, res.url || pageUrl);
  const files: Measure['files'] = [];
  inline.forEach((code, i) => files.push({ url: `(inline #${i + 1})`, raw: Buffer.byteLength(code), gzip: gz(code) }));
  const seen = new Set<string>();
  const missing: string[] = [];
  // The modules before interaction first, then what the idle islands add.
  const walk = async (start: string[], into: Measure['files']) => {
    const queue = [...start];
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const body = await fetchFile(url);
      if (!body) {
        missing.push(url);
        continue;
      }
      into.push({ url, raw: body.length, gzip: gz(body) });
      for (const spec of staticImports(body.toString('utf8'))) queue.push(new URL(spec, url).href);
    }
  };
  const idleFiles: Measure['files'] = [];
  await walk(external, files);
  await walk(idle, idleFiles);
  const m: Measure = {
    target,
    status: res.status,
    scripts: files.length,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    files,
    idleGzip: idleFiles.reduce((s, f) => s + f.gzip, 0),
    idleFiles,
  };
  if (missing.length) m.note = `${missing.length} script(s) not found: ${missing.map((u) => path.basename(u)).join(', ')}`;
  return m;
}

/* ---- report ---- */

const kb = (n: number) => (n / 1024).toFixed(1);

function table(rows: Measure[]): string {
  const head = ['page type', 'lang', 'path', 'scripts', 'raw KB', 'gzip KB', 'idle gzip KB', 'note'];
  const body = rows.map((r) => [
    r.target.type,
    r.target.lang,
    r.target.path ? (r.target.path.length > 48 ? `${r.target.path.slice(0, 47)}…` : r.target.path) : '-',
    r.status === r.target.expect ? String(r.scripts) : '-',
    r.status === r.target.expect ? kb(r.raw) : '-',
    r.status === r.target.expect ? kb(r.gzip) : '-',
    r.status === r.target.expect ? kb(r.idleGzip) : '-',
    r.note ?? '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => [...(row[i] ?? '')].length)));
  const numeric = new Set([3, 4, 5, 6]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function run(base: string): Promise<number> {
  console.log(`JavaScript before interaction on ${base} (gzip level ${GZIP_LEVEL}; budget: every page type ≤ ${BUDGET_KB} KB gzip)`);
  console.log('idle: what the deferred islands (client:idle, client:visible, client:media) add after the page is interactive (not in the budget)\n');
  const rows: Measure[] = [];
  for (const lang of LOCALES) {
    for (const t of await targets(base, lang)) rows.push(await measure(base, t));
  }
  // Group by page type, both languages side by side.
  const order = rows.map((r) => r.target.type).filter((t, i, a) => a.indexOf(t) === i);
  rows.sort((a, b) => order.indexOf(a.target.type) - order.indexOf(b.target.type));
  console.log(table(rows));

  if (process.argv.includes('--files') || process.env.BENCH_FILES) {
    for (const r of rows.filter((x) => x.files.length)) {
      console.log(`\n${r.target.type} [${r.target.lang}] ${r.target.path}`);
      for (const f of r.files) console.log(`  ${kb(f.gzip).padStart(6)} KB gz  ${kb(f.raw).padStart(6)} KB  ${f.url}`);
      for (const f of r.idleFiles) console.log(`  ${kb(f.gzip).padStart(6)} KB gz  ${kb(f.raw).padStart(6)} KB  ${f.url} (idle)`);
    }
  }

  const failures: string[] = [];
  for (const r of rows) {
    const ok = r.status === r.target.expect;
    if (REQUIRED.has(r.target.type) && !ok) failures.push(`${r.target.type} [${r.target.lang}]: ${r.note ?? `status ${r.status}`}`);
    if (ok && r.gzip > BUDGET_KB * 1024) {
      failures.push(`${r.target.type} [${r.target.lang}] ships ${kb(r.gzip)} KB of JavaScript (gzip), over the ${BUDGET_KB} KB budget`);
    }
  }
  if (failures.length) {
    console.error(`\nFAIL\n  ${failures.join('\n  ')}`);
    return 1;
  }
  const largest = rows.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  console.log(`\nOK: every page type within ${BUDGET_KB} KB gzip (largest: ${largest.target.type} [${largest.target.lang}] ${kb(largest.gzip)} KB)`);
  return 0;
}

async function main(): Promise<void> {
  const arg = process.argv.slice(2).find((a) => /^https?:\/\//.test(a));
  const url = arg ?? process.env.BENCH_URL;
  if (url) {
    process.exitCode = await run(url);
    return;
  }
  // No URL: the built server on a freshly seeded temporary store.
  const { ensureBuild, seedTempDataDir, startServer } = await import('./test-server.ts');
  const dataDir = await seedTempDataDir();
  ensureBuild();
  const server = await startServer({ dataDir });
  try {
    process.exitCode = await run(server.baseUrl);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err: unknown) => {
    console.error('[bench-js] failed:', err instanceof Error ? err.message : err);
    process.exit(2);
  });
}
