/**
 * Long tasks and main-thread time on the live page of a running site, as a
 * phone sees it (412 px, touch), in Debian's Chromium: each language's live
 * page is loaded, then watched for `seconds`; prints per page the long tasks
 * (PerformanceObserver 'longtask', start:duration ms), how many exceed 100
 * and 200 ms, the main thread's busy time over the window (CDP
 * Performance.getMetrics TaskDuration), the segments loaded and the hls.js
 * worker's URL. `slowdown` > 1 applies Chromium's CPU throttling (Lighthouse
 * mobile simulates 4). Used for docs/performance.md "On a phone".
 *
 *   node scripts/live-main-thread.ts http://127.0.0.1:4461 [seconds=25] [slowdown=1]
 */
import { chromium } from '@playwright/test';
import { AUTOPLAY_ARG, chromiumLaunch, PHONE_CONTEXT } from './chromium.ts';

interface LongTask {
  start: number;
  duration: number;
}

const base = process.argv[2] ?? 'http://127.0.0.1:4455';
const seconds = Number(process.argv[3] ?? 25);
const slowdown = Number(process.argv[4] ?? 1);
const browser = await chromium.launch(chromiumLaunch([AUTOPLAY_ARG]));
try {
  for (const lang of ['fr', 'ar']) {
    const ctx = await browser.newContext(PHONE_CONTEXT);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: LongTask[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
      }).observe({ type: 'longtask', buffered: true });
    });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const taskSeconds = async (): Promise<number> => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const started = Date.now();
    await page.goto(`${base}/${lang}/live`, { waitUntil: 'load' });
    const loadMs = Date.now() - started;
    const busyBefore = await taskSeconds();
    await page.waitForTimeout(seconds * 1000);
    const busyMs = Math.round(((await taskSeconds()) - busyBefore) * 1000);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: LongTask[] }).__longTasks);
    const playing = await page.evaluate(() => {
      // The content's <video> (hls.js: a blob: source), not the pre-roll's.
      const v = [...document.querySelectorAll<HTMLVideoElement>('main video')].find((x) => x.currentSrc.startsWith('blob:')) ?? null;
      return v ? { currentTime: Math.round(v.currentTime * 10) / 10, paused: v.paused } : null;
    });
    console.log(
      JSON.stringify({
        page: `/${lang}/live`,
        slowdown,
        loadMs,
        longTasks: tasks.map((t) => `${t.start}:${t.duration}`).join(' '),
        over100: tasks.filter((t) => t.duration > 100).length,
        over200: tasks.filter((t) => t.duration > 200).length,
        mainThreadBusyMs: busyMs,
        windowS: seconds,
        video: playing,
        segments: requests.filter((p) => /\.(m4s|ts)$/.test(p)).length,
        worker: requests.find((p) => p.includes('worker')) ?? null,
      }),
    );
    await ctx.close();
  }
} finally {
  await browser.close();
}
