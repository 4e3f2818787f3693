/**
 * Lighthouse on a calibrated phone: mobile emulation (Moto G Power screen,
 * simulated slow 4G) on the home, article, live and TV guide pages in both
 * languages, in Debian's Chromium with the flags of scripts/chromium.ts.
 *
 * The CPU slowdown is calibrated to the host (scripts/lighthouse-calibration.ts):
 * a few short Lighthouse runs measure the host's `benchmarkIndex` first, and
 * the slowdown that brings that host to a mid-tier phone is used for every
 * page (4× at an index of 1,533, about 7× at 2,200), so every machine
 * simulates the same phone. BENCH_LH_CPU=n forces a slowdown instead.
 *
 * Prints the index, the slowdown and the load average, then per page the
 * four category scores, LCP, TBT, CLS, main-thread work and the bytes
 * transferred (each page run BENCH_LH_RUNS times, default 3, keeping the
 * median run by performance score), and exits non-zero when a page misses a
 * budget (docs/performance.md, "On a phone (Lighthouse)").
 *
 *   npm run bench:lighthouse [-- URL] [-- --only home,live] [-- --lang fr]
 *   BENCH_URL=http://host:port npm run bench:lighthouse
 *   BENCH_PORT=4471 npm run bench:lighthouse    the started server's port
 *   npm run bench:lighthouse            no URL: build if stale, seed a temp
 *                                       store and start the built server
 *
 * The AVIF/WebP twins of each page's pictures are requested once before its
 * audit (the server makes them on their first request, once for all).
 * One Chromium, one page at a time (a second one at once would skew both on
 * a small machine). BENCH_LH_SAVE=dir keeps each report (the second and
 * later runs of a page as name-2.json, name-3.json…) (JSON, for the
 * Lighthouse viewer). After the table: each page's largest paint (which
 * element), then one PASS/FAIL line per budget with its worst page.
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import type { Locale } from '../src/i18n/locales.ts';
import { pathOf, selectedPages, type PageType } from './bench-pages.ts';
import { chromiumLaunch } from './chromium.ts';
import { calibrate } from './lighthouse-calibration.ts';

/** The budgets on the calibrated phone (docs/performance.md). */
const BUDGETS = {
  performance: 95,
  /** The live page starts a player: a lower bar. */
  livePerformance: 90,
  accessibility: 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 200,
  cls: 0.02,
  /** Bytes a home or article page transfers (images included). */
  homeArticleBytes: 350 * 1024,
  /** Main-thread work (style, layout, script, parse…) of a home or article page, simulated. */
  homeArticleMainThreadMs: 2500,
};

const performanceBudget = (type: PageType): number => (type === 'live' ? BUDGETS.livePerformance : BUDGETS.performance);

interface Result {
  type: PageType;
  lang: Locale;
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  requests: number;
  /** Main-thread work, simulated on the calibrated phone. */
  mainThreadMs: number;
  /** The host's benchmarkIndex as this run measured it. */
  benchmarkIndex: number;
  /** The largest paint's element (Lighthouse's selector) and its picture's delay to request, as simulated. */
  lcpElement: string;
}

const score = (v: number | null | undefined): number => Math.round((v ?? 0) * 100);

/**
 * The server's side of a visit that already happened: the AVIF/WebP twins
 * of the page's pictures are made on their first request (ADR 014), once
 * for every visitor, so a benchmark of a fresh store would time the encoder.
 * Fetches them once; the browser's cache stays cold.
 */
async function warmPictures(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const twins = new Set([...html.matchAll(/(\/media\/[^\s"',]+\.(?:avif|webp))/g)].map((m) => m[1]!));
  await Promise.all([...twins].map((p) => fetch(new URL(p, url)).then((r) => r.arrayBuffer()).catch(() => undefined)));
}

/** Lighthouse's mobile settings with the CPU slowdown of the calibrated phone. */
function phoneConfig(cpuSlowdownMultiplier: number) {
  return {
    extends: 'lighthouse:default' as const,
    settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier } },
  };
}

async function audit(port: number, url: string, cpuSlowdown: number, run = 0): Promise<Omit<Result, 'type' | 'lang' | 'path'>> {
  await warmPictures(url);
  const runner = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
    phoneConfig(cpuSlowdown),
  );
  if (!runner) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = runner.lhr;
  if (process.env.BENCH_LH_SAVE) {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
    const file = path.join(process.env.BENCH_LH_SAVE, `${new URL(url).pathname.replace(/[^\w]+/g, '_')}${run ? `-${run + 1}` : ''}.json`);
    writeFileSync(file, JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const num = (id: string): number => Number(lhr.audits[id]?.numericValue ?? NaN);
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
  const lcpItems = (lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; selector?: string }[] } | undefined)?.items ?? [];
  const lcpElement = lcpItems.find((i) => i.type === 'node')?.selector ?? '?';
  return {
    scores: {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      seo: score(lhr.categories.seo?.score),
    },
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes: num('total-byte-weight'),
    requests,
    mainThreadMs: num('mainthread-work-breakdown'),
    benchmarkIndex: Number(lhr.environment.benchmarkIndex),
    lcpElement,
  };
}

function failuresOf(r: Result): string[] {
  const out: string[] = [];
  const at = `${r.type} [${r.lang}]`;
  if (r.scores.performance < performanceBudget(r.type)) out.push(`${at}: performance ${r.scores.performance} < ${performanceBudget(r.type)}`);
  if (r.scores.accessibility < BUDGETS.accessibility) out.push(`${at}: accessibility ${r.scores.accessibility} < 100`);
  if (r.scores.seo < BUDGETS.seo) out.push(`${at}: SEO ${r.scores.seo} < 100`);
  if (r.lcpMs > BUDGETS.lcpMs) out.push(`${at}: LCP ${Math.round(r.lcpMs)} ms > ${BUDGETS.lcpMs} ms`);
  if (r.tbtMs > BUDGETS.tbtMs) out.push(`${at}: TBT ${Math.round(r.tbtMs)} ms > ${BUDGETS.tbtMs} ms`);
  if (r.cls > BUDGETS.cls) out.push(`${at}: CLS ${r.cls.toFixed(3)} > ${BUDGETS.cls}`);
  if ((r.type === 'home' || r.type === 'article') && r.bytes > BUDGETS.homeArticleBytes) {
    out.push(`${at}: ${(r.bytes / 1024).toFixed(0)} KB transferred > ${BUDGETS.homeArticleBytes / 1024} KB`);
  }
  if ((r.type === 'home' || r.type === 'article') && r.mainThreadMs > BUDGETS.homeArticleMainThreadMs) {
    out.push(`${at}: main-thread work ${Math.round(r.mainThreadMs)} ms > ${BUDGETS.homeArticleMainThreadMs} ms`);
  }
  return out;
}

function table(rows: Result[]): string {
  const head = ['page', 'lang', 'perf', 'a11y', 'best', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'main ms', 'KB', 'reqs', 'path'];
  const body = rows.map((r) => [
    r.type,
    r.lang,
    String(r.scores.performance),
    String(r.scores.accessibility),
    String(r.scores.bestPractices),
    String(r.scores.seo),
    String(Math.round(r.lcpMs)),
    String(Math.round(r.tbtMs)),
    r.cls.toFixed(3),
    String(Math.round(r.mainThreadMs)),
    (r.bytes / 1024).toFixed(0),
    String(r.requests),
    r.path.length > 40 ? `${r.path.slice(0, 39)}…` : r.path,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => [...(row[i] ?? '')].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i <= 11 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** One line per budget: PASS or FAIL, with the worst page's figure. */
function verdicts(rows: Result[]): string {
  const lines: string[] = [];
  const check = (label: string, pages: Result[], value: (r: Result) => number, ok: (v: number) => boolean, show: (v: number) => string, worstIsHigh: boolean) => {
    if (pages.length === 0) return;
    const sorted = [...pages].sort((a, b) => (worstIsHigh ? value(b) - value(a) : value(a) - value(b)));
    const worst = sorted[0]!;
    const failed = pages.filter((r) => !ok(value(r)));
    lines.push(
      `${failed.length ? 'FAIL' : 'PASS'}  ${label.padEnd(34)} worst ${show(value(worst))} (${worst.type} ${worst.lang})` +
        (failed.length ? `; over: ${failed.map((r) => `${r.type} ${r.lang}`).join(', ')}` : ''),
    );
  };
  check(`performance ≥ ${BUDGETS.performance} (home, article, guide)`, rows.filter((r) => r.type !== 'live'), (r) => r.scores.performance, (v) => v >= BUDGETS.performance, String, false);
  check(`performance ≥ ${BUDGETS.livePerformance} (live)`, rows.filter((r) => r.type === 'live'), (r) => r.scores.performance, (v) => v >= BUDGETS.livePerformance, String, false);
  check('accessibility = 100', rows, (r) => r.scores.accessibility, (v) => v >= BUDGETS.accessibility, String, false);
  check('SEO = 100', rows, (r) => r.scores.seo, (v) => v >= BUDGETS.seo, String, false);
  check(`LCP ≤ ${BUDGETS.lcpMs} ms`, rows, (r) => r.lcpMs, (v) => v <= BUDGETS.lcpMs, (v) => `${Math.round(v)} ms`, true);
  check(`TBT ≤ ${BUDGETS.tbtMs} ms`, rows, (r) => r.tbtMs, (v) => v <= BUDGETS.tbtMs, (v) => `${Math.round(v)} ms`, true);
  check(`CLS ≤ ${BUDGETS.cls}`, rows, (r) => r.cls, (v) => v <= BUDGETS.cls, (v) => v.toFixed(3), true);
  check(
    `home/article ≤ ${BUDGETS.homeArticleBytes / 1024} KB transferred`,
    rows.filter((r) => r.type === 'home' || r.type === 'article'),
    (r) => r.bytes,
    (v) => v <= BUDGETS.homeArticleBytes,
    (v) => `${(v / 1024).toFixed(0)} KB`,
    true,
  );
  check(
    `home/article main thread ≤ ${BUDGETS.homeArticleMainThreadMs} ms`,
    rows.filter((r) => r.type === 'home' || r.type === 'article'),
    (r) => r.mainThreadMs,
    (v) => v <= BUDGETS.homeArticleMainThreadMs,
    (v) => `${Math.round(v)} ms`,
    true,
  );
  lines.push('(best practices is shown, not budgeted; TBT and performance need a quiet machine: see docs/performance.md)');
  return lines.join('\n');
}

async function run(base: string): Promise<number> {
  const { types, langs } = selectedPages();
  const runs = Math.max(1, Number(process.env.BENCH_LH_RUNS) || 3);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunch().executablePath ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...(chromiumLaunch().args ?? [])],
  });
  const rows: Result[] = [];
  let calibration: string;
  let cpuSlowdown: number;
  try {
    const forced = Number(process.env.BENCH_LH_CPU);
    if (forced > 0) {
      cpuSlowdown = forced;
      calibration = `CPU slowdown ${cpuSlowdown}× (BENCH_LH_CPU, not calibrated)`;
    } else {
      const measured = await calibrate(chrome.port, new URL(await pathOf(base, 'home', langs[0] ?? 'ar'), base).href);
      cpuSlowdown = measured.cpuSlowdown;
      calibration = measured.summary;
    }
    console.error(`[bench-lighthouse] ${calibration}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (const type of types) {
      for (const lang of langs) {
        const p = await pathOf(base, type, lang);
        const url = new URL(p, base).href;
        const tries: Result[] = [];
        for (let i = 0; i < runs; i++) tries.push({ type, lang, path: p, ...(await audit(chrome.port, url, cpuSlowdown, i)) });
        tries.sort((a, b) => a.scores.performance - b.scores.performance);
        const median = tries[Math.floor((tries.length - 1) / 2)]!;
        rows.push(median);
        console.error(`[bench-lighthouse] ${type} [${lang}] performance ${median.scores.performance}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(`Lighthouse mobile on ${base}, ${cpu} (${cpus().length} cores)`);
  console.log(`${calibration}; page runs measured benchmarkIndex ${Math.round(Math.min(...rows.map((r) => r.benchmarkIndex)))}–${Math.round(Math.max(...rows.map((r) => r.benchmarkIndex)))}`);
  console.log(`${runs} run(s) a page, median by performance; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(table(rows));
  console.log(`\nLargest paint:\n${rows.map((r) => `  ${r.type} ${r.lang}: ${r.lcpElement}`).join('\n')}`);
  console.log(`\n${verdicts(rows)}`);
  const failures = rows.flatMap(failuresOf);
  if (failures.length) {
    console.error(`\nOVER BUDGET\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log('\nOK: every page within the budgets of docs/performance.md');
  return 0;
}

async function main(): Promise<void> {
  const arg = process.argv.slice(2).find((a) => /^https?:\/\//.test(a));
  const url = arg ?? process.env.BENCH_URL;
  if (url) {
    process.exitCode = await run(url);
    return;
  }
  const { ensureBuild, seedTempDataDir, startServer } = await import('./test-server.ts');
  const dataDir = await seedTempDataDir();
  ensureBuild();
  // BENCH_PORT: a port of your own on a shared machine (default: any free one).
  const server = await startServer({ dataDir, ...(process.env.BENCH_PORT ? { port: Number(process.env.BENCH_PORT) } : {}) });
  try {
    process.exitCode = await run(server.baseUrl);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err: unknown) => {
    console.error('[bench-lighthouse] failed:', err instanceof Error ? err.message : err);
    process.exit(2);
  });
}
