/**
 * The pages' own main-thread work, independent of the machine's load
 * (ADR 014; docs/performance.md "On a phone"). Lighthouse's TBT is wall-clock time
 * under a CPU slowdown, so on a shared machine it grows with everybody
 * else's work. This loads each page in Debian's Chromium (412 x 823, as a
 * phone) with a performance trace, and counts the renderer main thread's
 * tasks by their *thread* time (CPU time actually spent, not time waiting
 * for a core), multiplied by the calibrated phone's slowdown (the one
 * bench:lighthouse uses, scripts/lighthouse-calibration.ts; BENCH_LH_CPU=n
 * forces one): a task over 50 ms once slowed down is a long task of the
 * page's own, and the sum of what exceeds 50 ms is an upper bound of its TBT
 * (every task from the start to 6 s after load, where TBT counts only those
 * between first paint and interactive).
 *
 *   npm run bench:main-thread -- http://host:port [--only home,guide] [--lang fr]
 *
 * Exits non-zero when a page's upper bound passes 200 ms (the TBT budget).
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { pathOf, selectedPages } from './bench-pages.ts';
import { chromiumLaunch, PHONE_CONTEXT } from './chromium.ts';
import { calibrate } from './lighthouse-calibration.ts';

/** The calibrated phone's CPU slowdown, measured in a Chromium of its own (or BENCH_LH_CPU). */
async function phoneSlowdown(url: string): Promise<number> {
  const forced = Number(process.env.BENCH_LH_CPU);
  if (forced > 0) return forced;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunch().executablePath ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...(chromiumLaunch().args ?? [])],
  });
  try {
    const { cpuSlowdown, summary } = await calibrate(chrome.port, url);
    console.log(summary);
    return cpuSlowdown;
  } finally {
    await chrome.kill();
  }
}
const LONG_MS = 50;
const BUDGET_MS = 200;
const AFTER_LOAD_MS = 6000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

async function main(): Promise<void> {
  const base = process.argv.slice(2).find((a) => /^https?:\/\//.test(a)) ?? process.env.BENCH_URL;
  if (!base) throw new Error('usage: npm run bench:main-thread -- http://host:port');
  const { types, langs } = selectedPages();
  const SLOWDOWN = await phoneSlowdown(new URL(await pathOf(base, 'home', langs[0] ?? 'ar'), base).href);
  const browser = await chromium.launch(chromiumLaunch());
  let over = 0;
  console.log(`Main thread per page: CPU time, and tasks by thread time x${SLOWDOWN} (to ${AFTER_LOAD_MS / 1000} s after load)\n`);
  console.log(['page', 'lang', 'CPU ms', `tasks > ${LONG_MS} ms`, 'longest ms', 'sum over 50 ms', 'verdict'].join('\t'));
  try {
    for (const type of types) {
      for (const lang of langs) {
        const context = await browser.newContext(PHONE_CONTEXT);
        const page = await context.newPage();
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
        await page.goto(new URL(await pathOf(base, type, lang), base).href, { waitUntil: 'load' });
        await page.waitForTimeout(AFTER_LOAD_MS);
        const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
        await context.close();
        const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && typeof e.tdur === 'number');
        const cpu = new Map<string, number>();
        for (const t of tasks) cpu.set(`${t.pid}:${t.tid}`, (cpu.get(`${t.pid}:${t.tid}`) ?? 0) + t.tdur!);
        const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
        const main = mains.sort((a, b) => (cpu.get(b) ?? 0) - (cpu.get(a) ?? 0))[0];
        const slowed = tasks.filter((t) => `${t.pid}:${t.tid}` === main).map((t) => (t.tdur! / 1000) * SLOWDOWN);
        const long = slowed.filter((d) => d > LONG_MS);
        const blocking = long.reduce((s, d) => s + d - LONG_MS, 0);
        const ok = blocking <= BUDGET_MS;
        if (!ok) over++;
        const cpuMs = Math.round(slowed.reduce((a, b) => a + b, 0) / SLOWDOWN);
        console.log([type, lang, cpuMs, long.length, Math.round(Math.max(0, ...long)), Math.round(blocking), ok ? 'PASS' : 'FAIL'].join('\t'));
      }
    }
  } finally {
    await browser.close();
  }
  process.exitCode = over > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err: unknown) => {
    console.error('[bench-main-thread] failed:', err instanceof Error ? err.message : err);
    process.exit(2);
  });
}
