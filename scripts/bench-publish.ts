/**
 * Publish → visible latency of the newsroom API (ADR 010): each run
 * publishes a new French article through `POST /api/newsroom/articles`,
 * then polls (every 100 ms) until its page answers 200 with its headline and
 * until the French home page shows it; then withdraws it and polls until its
 * page answers 410 and the home page no longer shows it. Prints p50 / p95 /
 * max seconds of each over the runs; exits 1 when a p95 is over the goal
 * (BENCH_GOAL_S, default 5 s) or something never became visible (30 s).
 *
 *   npm run bench:publish [-- --runs 10]              build if stale, seed a temp store,
 *                                                    start the site (scripts/test-server.ts)
 *   NEWSROOM_TOKEN=nr_… npm run bench:publish -- URL  measure a running site (e.g. one
 *                                                    seeded with --articles 100000)
 *
 * What it measures is the whole loop: the API's transaction, the change feed
 * (src/server/content/changes.ts), the front server re-rendering the pages
 * into the current pre-build and dropping cached copies (ADR 010), as a
 * visitor hitting the site sees it. A latency, not a comparison: numbers
 * depend on what else the machine does.
 */
import { parseArgs } from 'node:util';
import { openStore } from '../src/server/db/index.ts';
import { createToken } from '../src/server/newsroom/auth.ts';
import { ensureBuild, seedTempDataDir, startServer, type RunningServer } from './test-server.ts';

const GOAL_S = Number(process.env.BENCH_GOAL_S) || 5;
const GIVE_UP_S = 30;

const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '10' } }, allowPositionals: true });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 1000) {
  console.error('--runs takes a whole number from 1 to 1000');
  process.exit(2);
}

let server: RunningServer | undefined;
let base = positionals[0]?.replace(/\/$/, '');
let token = process.env.NEWSROOM_TOKEN ?? '';
if (base) {
  if (!token) {
    console.error('measuring a running site needs NEWSROOM_TOKEN (npm run newsroom -- token create --name bench)');
    process.exit(2);
  }
} else {
  const dataDir = await seedTempDataDir();
  ensureBuild();
  server = await startServer({ dataDir });
  base = server.baseUrl;
  const store = await openStore({ dataDir });
  token = await createToken(store.db, `bench-${Date.now()}`);
  await store.db.destroy();
}

async function poll(what: string, check: () => Promise<boolean>, started: number): Promise<number> {
  while (performance.now() - started < GIVE_UP_S * 1000) {
    if (await check()) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not visible within ${GIVE_UP_S} s`);
}

const get = async (path: string): Promise<{ status: number; text: string }> => {
  const res = await fetch(`${base}${path}`, { redirect: 'manual' });
  return { status: res.status, text: await res.text() };
};

async function newsroom(method: string, path: string, body: unknown): Promise<{ status: number; json: { response: { path: string } } }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { response: { path: string } } };
}

const results: Record<'api' | 'article' | 'home' | 'gone' | 'homeGone', number[]> = { api: [], article: [], home: [], gone: [], homeGone: [] };
const stamp = Date.now().toString(36);
let failed = false;

try {
  for (let i = 0; i < runs; i++) {
    const word = `Benchmot${stamp}x${i}`;
    const uri = `urn:bench:${stamp}:${i}`;
    const t0 = performance.now();
    const published = await newsroom('POST', '/api/newsroom/articles', {
      uri,
      type: 'text',
      language: 'fr',
      version: '1',
      headlines: [{ value: `Mesure ${word}` }],
      descriptions: [{ value: 'Article de mesure du temps de publication.' }],
      bodies: [{ contenttype: 'text/html', value: `<p>${word}</p>` }],
      subjects: [{ uri: 'urn:2m:section:actualite' }],
    });
    if (published.status !== 201) throw new Error(`publish answered ${published.status}: ${JSON.stringify(published.json)}`);
    results.api.push((performance.now() - t0) / 1000);
    const path = published.json.response.path;
    const [article, home] = await Promise.all([
      poll('article page', async () => {
        const p = await get(encodeURI(path));
        return p.status === 200 && p.text.includes(word);
      }, t0),
      poll('home page', async () => (await get('/fr')).text.includes(word), t0),
    ]);
    results.article.push(article);
    results.home.push(home);

    const t1 = performance.now();
    const withdrawn = await newsroom('POST', '/api/newsroom/articles/withdraw', { uri });
    if (withdrawn.status !== 200) throw new Error(`withdraw answered ${withdrawn.status}`);
    const [gone, homeGone] = await Promise.all([
      poll('410', async () => (await get(encodeURI(path))).status === 410, t1),
      poll('off the home page', async () => !(await get('/fr')).text.includes(word), t1),
    ]);
    results.gone.push(gone);
    results.homeGone.push(homeGone);
    console.error(`run ${i + 1}/${runs}: article ${article.toFixed(2)} s, home ${home.toFixed(2)} s, 410 ${gone.toFixed(2)} s, off home ${homeGone.toFixed(2)} s`);
  }
} catch (error) {
  console.error((error as Error).message);
  failed = true;
} finally {
  await server?.stop();
}

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const rows: [string, number[]][] = [
  ['publish API answer', results.api],
  ['publish → article page', results.article],
  ['publish → home page', results.home],
  ['withdraw → 410', results.gone],
  ['withdraw → off home page', results.homeGone],
];
console.log(`publish → visible on ${base} (${results.article.length} runs; seconds)`);
console.log(`${'what'.padEnd(26)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'max'.padStart(6)}`);
for (const [name, list] of rows) {
  if (!list.length) continue;
  console.log(`${name.padEnd(26)} ${pct(list, 50).toFixed(2).padStart(6)} ${pct(list, 95).toFixed(2).padStart(6)} ${Math.max(...list).toFixed(2).padStart(6)}`);
}
const over = rows.slice(1).filter(([, list]) => list.length && pct(list, 95) > GOAL_S);
if (over.length) console.error(`p95 over ${GOAL_S} s: ${over.map(([n]) => n).join(', ')}`);
process.exit(failed || over.length ? 1 : 0);
