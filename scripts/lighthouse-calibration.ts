/**
 * The same phone on every host. Lighthouse slows the CPU down by a factor of
 * the host's own speed (4× by default), so a fast machine simulates a fast
 * phone. Lighthouse's throttling documentation (docs/throttling.md, "Calibrating
 * the CPU slowdown") gives the factor that brings a host of a given
 * `benchmarkIndex` (Lighthouse's CPU/memory benchmark, in every report's
 * `environment`) down to a mid-tier mobile device, through the calculator it
 * links (lighthouse-cpu-throttling-calculator): a piecewise-linear map with
 * 1× at an index of 150, 2× at 800, 3× at 1,300, then one more for every 233
 * (4× at 1,533, 5× at 1,766, 6× at 1,999, about 6.9× at 2,200).
 *
 * Used by bench:lighthouse and bench:main-thread.
 */
import lighthouse from 'lighthouse';

/** Hosts slower than this cannot simulate the target phone (the calculator refuses them). */
const SLOWEST_INDEX = 150;

/**
 * The CPU slowdown that makes a host of `benchmarkIndex` behave like a
 * mid-tier phone, rounded to a tenth as the calculator shows it.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < SLOWEST_INDEX) {
    throw new Error(`benchmarkIndex ${benchmarkIndex}: this host is too slow to simulate a mid-tier phone`);
  }
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

/** The median of the host's benchmark indexes (Lighthouse measures a few each run; they move with the load). */
function medianIndex(indexes: readonly number[]): number {
  const sorted = indexes.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('no benchmarkIndex measured');
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Measures the host with `runs` short Lighthouse runs of `url` in the
 * Chromium listening on `port` (one cheap audit each; Lighthouse benchmarks
 * the host before every run), and gives the calibrated slowdown with a line
 * that says how it was found.
 */
export async function calibrate(port: number, url: string, runs = 3): Promise<{ cpuSlowdown: number; index: number; summary: string }> {
  const indexes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyAudits: ['first-contentful-paint'] });
    indexes.push(Number(runner?.lhr.environment.benchmarkIndex));
  }
  const index = medianIndex(indexes);
  const cpuSlowdown = cpuSlowdownFor(index);
  const summary = `benchmarkIndex ${Math.round(index)} (median of ${indexes.map(Math.round).join(', ')}) → CPU slowdown ${cpuSlowdown}× (a mid-tier phone, by Lighthouse's calibration)`;
  return { cpuSlowdown, index, summary };
}
