/**
 * Publish → visible latency of the newsroom API (ADR 010): each run
 * publishes a new French article through `POST /api/newsroom/articles`,
 * then polls (every 100 ms) until its page answers 200 with its headline and
 * until the French home page shows it; then withdraws it and polls until its
 * page answers 410 and the home page no longer shows it. Each run then does
 * the same through the desk (docs/desk.md): a story made, saved and
 * published by an editor signed in with two-factor, through the same
 * content service; and each run makes the French slider's last story the
 * lead of the front page (ADR 040), through `PUT /api/newsroom/home/fr`,
 * then through the desk's front-page publication, polling until /fr leads
 * with it. Prints p50 / p95 / max seconds of each over the runs;
 * exits 1 when a p95 is over the goal (BENCH_GOAL_S, default 5 s) or
 * something never became visible (30 s).
 *
 * It also times the desk's story list (GET /api/desk/stories: no filter,
 * each filter, a text search, a later page; 20 requests each) and exits 1
 * when its p95 is over BENCH_LIST_GOAL_MS (default 100 ms): on a store
 * seeded with `npm run seed -- --articles 100000` that is the desk's goal.
 *
 *   npm run bench:publish [-- --runs 10]              build if stale, seed a temp store,
 *                                                    start the site (scripts/test-server.ts)
 *   NEWSROOM_TOKEN=nr_… npm run bench:publish -- URL  measure a running site (e.g. one
 *                                                    seeded with --articles 100000); its
 *                                                    store (DATA_DIR / DATABASE_URL) gets
 *                                                    the bench's desk editor
 *
 * What it measures is the whole loop: the API's transaction, the change feed
 * (src/server/content/changes.ts), the front server re-rendering the pages
 * into the current pre-build and dropping cached copies (ADR 010), as a
 * visitor hitting the site sees it. A latency, not a comparison: numbers
 * depend on what else the machine does.
 */
import { parseArgs } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { openStore } from '../src/server/db/index.ts';
import { createToken } from '../src/server/newsroom/auth.ts';
import { hashPassword } from '../src/server/accounts/password.ts';
import { createDeskUser } from '../src/server/desk/people.ts';
import { confirmTotp, startTotpSetup } from '../src/server/desk/two-factor.ts';
import { ensureBuild, seedTempDataDir, startServer, testDatabaseUrl, type RunningServer } from './test-server.ts';

const GOAL_S = Number(process.env.BENCH_GOAL_S) || 5;
const LIST_GOAL_MS = Number(process.env.BENCH_LIST_GOAL_MS) || 100;
const DESK_PASSWORD = 'une phrase de passe pour mesurer la rédaction';
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
}
const dataDir = base ? (process.env.DATA_DIR ?? 'data') : await seedTempDataDir();
if (!base) {
  ensureBuild();
  server = await startServer({ dataDir });
  base = server.baseUrl;
}
// The desk's editor of this bench, with two-factor (a code computed here, as an authenticator app would).
const deskEmail = `bench-${Date.now().toString(36)}@2m.ma`;
let deskSecret = '';
{
  const store = await openStore({ dataDir, databaseUrl: server ? testDatabaseUrl(dataDir) : process.env.DATABASE_URL });
  if (!token) token = await createToken(store.db, `bench-${Date.now()}`);
  const editor = await createDeskUser(store.db, { email: deskEmail, name: 'Bench', role: 'editor', locale: 'fr', createdBy: null });
  await store.db.updateTable('desk_users').set({ password_hash: await hashPassword(DESK_PASSWORD) }).where('id', '=', editor.id).execute();
  const setup = await startTotpSetup(store.db, (await store.db.selectFrom('desk_users').selectAll().where('id', '=', editor.id).executeTakeFirstOrThrow()));
  deskSecret = setup.secret;
  const earlier = Date.now() - 30_000;
  await confirmTotp(store.db, (await store.db.selectFrom('desk_users').selectAll().where('id', '=', editor.id).executeTakeFirstOrThrow()), new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({ timestamp: earlier }), new Date(earlier));
  await store.db.destroy();
}

/** The lead story's part of a home page: its slider's first card, whole (the card holds divs of its own). */
const sliderLead = (html: string): string => {
  const start = html.indexOf('class="slider-lead"');
  return start < 0 ? '' : html.slice(start, html.indexOf('</article>', start));
};
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

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

/* ---- the desk: signed in as an editor, every write with the desk's Origin and CSRF header ---- */

let deskCookie = '';
let deskCsrf = '';

async function deskCall<T>(method: string, path: string, body?: unknown): Promise<{ status: number; response: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      locale: 'fr',
      ...(deskCookie ? { cookie: deskCookie } : {}),
      ...(method !== 'GET' ? { origin: new URL(base!).origin, 'x-desk-csrf': deskCsrf || 'sign-in' } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const set = res.headers.get('set-cookie');
  if (set) deskCookie = set.split(';')[0]!;
  const json = (await res.json()) as { response: T };
  return { status: res.status, response: json.response };
}

async function deskSignIn(): Promise<void> {
  const first = await deskCall<{ csrf: string }>('POST', '/api/desk/session', { email: deskEmail, password: DESK_PASSWORD });
  deskCsrf = first.response.csrf;
  const second = await deskCall<{ csrf: string; step: string }>('POST', '/api/desk/session/second-factor', { code: new TOTP({ secret: Secret.fromBase32(deskSecret) }).generate() });
  if (second.response.step !== 'signed-in') throw new Error(`desk sign-in: ${JSON.stringify(second)}`);
  deskCsrf = second.response.csrf;
}

const results: Record<'api' | 'article' | 'home' | 'gone' | 'homeGone' | 'deskArticle' | 'deskHome' | 'frontApi' | 'frontDesk', number[]> = {
  frontApi: [],
  frontDesk: [],
  api: [],
  article: [],
  home: [],
  gone: [],
  homeGone: [],
  deskArticle: [],
  deskHome: [],
};
const listTimes: Record<string, number[]> = {};
const stamp = Date.now().toString(36);
let failed = false;

try {
  await deskSignIn();
  const sections = await deskCall<{ id: number; route: string }[]>('GET', '/api/desk/sections?lang=fr');
  const actualite = sections.response.find((x) => x.route === 'actualite')!.id;
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

    // The same through the desk: a story written, saved, then published by the editor.
    const deskWord = `Bureau${stamp}x${i}`;
    const made = await deskCall<{ id: number }>('POST', '/api/desk/stories', { lang: 'fr' });
    const id = made.response.id;
    const doc = { title: `Mesure ${deskWord}`, summary: 'Article de mesure de la rédaction.', body: `<p>${deskWord}</p>`, sectionId: actualite, tags: [], byline: '', slug: '', cover: null, gallery: [], videoId: null };
    const saved = await deskCall<{ rev: number }>('PUT', `/api/desk/stories/${id}`, { rev: 1, doc });
    if (saved.status !== 200) throw new Error(`desk save answered ${saved.status}: ${JSON.stringify(saved.response)}`);
    const t2 = performance.now();
    const deskPublished = await deskCall<{ path: string }>('POST', `/api/desk/stories/${id}/publish`, { rev: saved.response.rev });
    if (deskPublished.status !== 200) throw new Error(`desk publish answered ${deskPublished.status}`);
    const [deskArticle, deskHome] = await Promise.all([
      poll('desk article page', async () => {
        const p = await get(encodeURI(deskPublished.response.path));
        return p.status === 200 && p.text.includes(deskWord);
      }, t2),
      poll('desk home page', async () => (await get('/fr')).text.includes(deskWord), t2),
    ]);
    results.deskArticle.push(deskArticle);
    results.deskHome.push(deskHome);
    await deskCall('POST', `/api/desk/stories/${id}/withdraw`, { rev: saved.response.rev + 1 });
    // The front page (ADR 040): the slider's last story made the lead, through the newsroom API, then through the desk.
    const homeAnswer = await fetch(`${base}/api/newsroom/home/fr`, { headers: { authorization: `Bearer ${token}` } });
    const layout = ((await homeAnswer.json()) as { response: { slider: number[]; une: unknown[]; hot: number[]; stories: Record<string, { title: string }> } }).response;
    const apiLead = layout.slider.at(-1)!;
    const t3 = performance.now();
    const put = await fetch(`${base}/api/newsroom/home/fr`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': homeAnswer.headers.get('etag') ?? '*' },
      body: JSON.stringify({ slider: [apiLead, ...layout.slider.slice(0, -1)], une: layout.une, hot: layout.hot }),
    });
    if (put.status !== 200) throw new Error(`front page PUT answered ${put.status}: ${await put.text()}`);
    const frontApi = await poll('front page (API) lead', async () => sliderLead((await get('/fr')).text).includes(escapeHtml(layout.stories[String(apiLead)]!.title)), t3);
    results.frontApi.push(frontApi);
    const ws = await deskCall<{ rev: number; head: number; layout: { slider: number[]; une: unknown[]; hot: number[] }; stories: Record<string, { title: string }> }>('GET', '/api/desk/front/fr');
    const deskLead = ws.response.layout.slider.at(-1)!;
    const t4 = performance.now();
    const front = await deskCall('POST', '/api/desk/front/fr/publish', { rev: ws.response.rev, head: ws.response.head, layout: { ...ws.response.layout, slider: [deskLead, ...ws.response.layout.slider.slice(0, -1)] } });
    if (front.status !== 200) throw new Error(`desk front page publish answered ${front.status}: ${JSON.stringify(front.response)}`);
    const frontDesk = await poll('front page (desk) lead', async () => sliderLead((await get('/fr')).text).includes(escapeHtml(ws.response.stories[String(deskLead)]!.title)), t4);
    results.frontDesk.push(frontDesk);
    console.error(
      `run ${i + 1}/${runs}: article ${article.toFixed(2)} s, home ${home.toFixed(2)} s, 410 ${gone.toFixed(2)} s, off home ${homeGone.toFixed(2)} s; desk: article ${deskArticle.toFixed(2)} s, home ${deskHome.toFixed(2)} s; front page: API ${frontApi.toFixed(2)} s, desk ${frontDesk.toFixed(2)} s`,
    );
  }

  // The desk's story list: each filter, 20 times.
  const first = await deskCall<{ next: string | null; items: { id: number }[] }>('GET', '/api/desk/stories');
  const authors = await deskCall<{ id: number }[]>('GET', '/api/desk/authors?q=a');
  const queries: [string, string][] = [
    ['no filter', ''],
    ['language', '?lang=ar'],
    ['state published', '?state=published'],
    ['state draft', '?state=draft'],
    ['state scheduled', '?state=scheduled'],
    ['section', `?section=${actualite}`],
    ['author', `?author=${authors.response[0]?.id ?? 1}`],
    ['mine', '?mine=1'],
    ['text', `?q=${encodeURIComponent('maroc')}`],
    ['language + state + text', `?lang=fr&state=published&q=${encodeURIComponent('rabat')}`],
    ['page 2', first.response.next ? `?after=${encodeURIComponent(first.response.next)}` : ''],
  ];
  for (const [name, q] of queries) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const r = await deskCall('GET', `/api/desk/stories${q}`);
      if (r.status !== 200) throw new Error(`desk list ${name} answered ${r.status}`);
      times.push(performance.now() - t);
    }
    listTimes[name] = times;
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
  ['desk publish → article', results.deskArticle],
  ['desk publish → home page', results.deskHome],
  ['front page (API) → home', results.frontApi],
  ['front page (desk) → home', results.frontDesk],
];
console.log(`publish → visible on ${base} (${results.article.length} runs; seconds)`);
console.log(`${'what'.padEnd(26)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'max'.padStart(6)}`);
for (const [name, list] of rows) {
  if (!list.length) continue;
  console.log(`${name.padEnd(26)} ${pct(list, 50).toFixed(2).padStart(6)} ${pct(list, 95).toFixed(2).padStart(6)} ${Math.max(...list).toFixed(2).padStart(6)}`);
}
const over = rows.slice(1).filter(([, list]) => list.length && pct(list, 95) > GOAL_S);
if (over.length) console.error(`p95 over ${GOAL_S} s: ${over.map(([n]) => n).join(', ')}`);
const listNames = Object.keys(listTimes);
if (listNames.length) {
  console.log(`\ndesk story list (20 requests each; milliseconds)`);
  console.log(`${'filter'.padEnd(26)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'max'.padStart(6)}`);
  for (const name of listNames) {
    const list = listTimes[name]!;
    console.log(`${name.padEnd(26)} ${pct(list, 50).toFixed(1).padStart(6)} ${pct(list, 95).toFixed(1).padStart(6)} ${Math.max(...list).toFixed(1).padStart(6)}`);
  }
}
const listOver = listNames.filter((n) => pct(listTimes[n]!, 95) > LIST_GOAL_MS);
if (listOver.length) console.error(`desk list p95 over ${LIST_GOAL_MS} ms: ${listOver.join(', ')}`);
process.exit(failed || over.length || listOver.length ? 1 : 0);
