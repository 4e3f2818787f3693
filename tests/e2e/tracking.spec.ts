/**
 * Play statistics over real HTTP (docs/product.md, Content
 * "Video play event payload", Play logging): POST /tracking/clicks.php stores a valid play with exactly the
 * documented fields, refuses an invalid one with per-field errors (422) and
 * stores nothing, Chromium's sendBeacon with a JSON body from a page of the
 * site gets through (Astro's origin check included), and /api/mostViewed
 * follows real plays.
 *
 * What landed is read from the server's own store,
 * `${E2E_DATA_DIR}/site.sqlite` (set by playwright.config.ts for the server
 * it starts; set it yourself when reusing a running server).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';

const storeFile = process.env.E2E_DATA_DIR ? path.join(process.env.E2E_DATA_DIR, 'site.sqlite') : '';
const PLAY_COLUMNS = [
  'click_date',
  'click_source',
  'connexion_mode',
  'content_id',
  'content_type',
  'event_id',
  'page_url',
  'user_id',
  'video_file_url',
];

type Row = Record<string, unknown>;

function query(sql: string, ...params: (string | number)[]): Row[] {
  const db = new DatabaseSync(storeFile, { readOnly: true, timeout: 5000 });
  try {
    return db.prepare(sql).all(...params) as Row[];
  } finally {
    db.close();
  }
}

/** Arranges the store (one test moves an article's baseline views). */
function execute(sql: string, ...params: (string | number)[]): void {
  const db = new DatabaseSync(storeFile, { timeout: 5000 });
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

function playsOf(userId: string): Row[] {
  return query('SELECT * FROM play_events WHERE user_id = ? ORDER BY id', userId);
}

/** A unique visitor id per test run, so rows are told apart from others'. */
const run = `${Date.now()}-e2e${Math.floor(Math.random() * 1e6)}`;

function payload(baseURL: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    connexionMode: 'visiteur',
    contentId: 'live',
    videoFileURL: '/live/index.m3u8',
    contentType: 'live',
    eventId: 7,
    clickSource: 'web',
    userID: `${run}-a`,
    clickDate: Math.floor(Date.now() / 1000),
    pageURL: `${baseURL}/fr/live`,
    ...over,
  };
}

async function postPlay(request: APIRequestContext, body: unknown, headers: Record<string, string> = {}) {
  return request.post('/tracking/clicks.php', {
    data: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

test.describe('play statistics', () => {
  test.skip(!storeFile || !existsSync(storeFile), `the server's store is not readable here: set E2E_DATA_DIR to its DATA_DIR (looked for ${storeFile || 'E2E_DATA_DIR unset'})`);

  test('a valid play answers 204 and lands with exactly the documented fields', async ({ request, baseURL }) => {
    const body = payload(baseURL!, { userID: `${run}-valid`, connexionMode: 'connecté', clickSource: 'resp' });
    const res = await postPlay(request, body);
    expect(res.status()).toBe(204);
    expect(await res.text()).toBe('');

    await expect.poll(() => playsOf(`${run}-valid`).length, { timeout: 10_000 }).toBe(1);
    const row = playsOf(`${run}-valid`)[0]!;
    expect(Object.keys(row).filter((k) => k !== 'id' && k !== 'created_at').sort()).toEqual(PLAY_COLUMNS);
    expect(row).toMatchObject({
      connexion_mode: 'connecté',
      content_id: 'live',
      video_file_url: '/live/index.m3u8',
      content_type: 'live',
      event_id: 7,
      click_source: 'resp',
      user_id: `${run}-valid`,
      click_date: body['clickDate'],
      page_url: `${baseURL}/fr/live`,
    });
  });

  test('an invalid play answers 422 with the errors per field and stores nothing', async ({ request, baseURL }) => {
    const bad = payload(baseURL!, { userID: `${run}-bad`, eventId: 5, clickDate: Date.now(), extra: true });
    delete bad['pageURL'];
    const res = await postPlay(request, bad, { locale: 'fr' });
    expect(res.status()).toBe(422);
    const answer = (await res.json()) as { header: { status: string; code: number; message: string; errors: Record<string, string[]> }; response: unknown };
    expect(answer.header).toMatchObject({ status: 'ERROR', code: 422, message: 'Certains champs sont invalides.' });
    expect(answer.response).toBeNull();
    expect(Object.keys(answer.header.errors).sort()).toEqual(['clickDate', 'eventId', 'extra', 'pageURL']);
    expect(answer.header.errors['pageURL']).toEqual(['champ obligatoire']);
    expect(answer.header.errors['clickDate']).toEqual(['clickDate doit être en secondes Unix, pas en millisecondes']);

    // Other refusals, each with the envelope.
    expect((await postPlay(request, '{oops')).status()).toBe(422);
    const form = await request.post('/tracking/clicks.php', {
      data: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL! },
    });
    expect(form.status()).toBe(415);
    expect(((await form.json()) as { header: { code: number } }).header.code).toBe(415);
    expect((await request.get('/tracking/clicks.php')).status()).toBe(405);

    // A valid play sent after the invalid one lands; the invalid one never does.
    expect((await postPlay(request, payload(baseURL!, { userID: `${run}-marker` }))).status()).toBe(204);
    await expect.poll(() => playsOf(`${run}-marker`).length, { timeout: 10_000 }).toBe(1);
    expect(playsOf(`${run}-bad`)).toHaveLength(0);
  });

  test("Chromium's sendBeacon with a JSON body from a page of the site is stored", async ({ page, baseURL }) => {
    await page.goto('/fr/live');
    const userID = `${run}-beacon`;
    const queued = await page.evaluate((p) => navigator.sendBeacon('/tracking/clicks.php', new Blob([JSON.stringify(p)], { type: 'application/json' })), {
      ...payload(baseURL!, { userID }),
      pageURL: page.url(),
    });
    expect(queued).toBe(true);
    await expect.poll(() => playsOf(userID).length, { timeout: 10_000 }).toBe(1);
    expect(playsOf(userID)[0]).toMatchObject({ page_url: page.url(), event_id: 7 });

    // A string beacon goes as text/plain: same origin, so Astro's check lets it through.
    const textID = `${run}-beacon-text`;
    await page.evaluate((p) => navigator.sendBeacon('/tracking/clicks.php', JSON.stringify(p)), { ...payload(baseURL!, { userID: textID }), pageURL: page.url() });
    await expect.poll(() => playsOf(textID).length, { timeout: 10_000 }).toBe(1);
  });

  test('/api/mostViewed ranks an article higher after plays of its video', async ({ request, baseURL }) => {
    // Rendered afresh each time: the front server keeps API answers for their
    // s-maxage (60 s here); its render header, honoured from loopback only,
    // asks the workers directly, as the pre-build does.
    const list = async () => {
      const res = await request.get('/api/mostViewed', { headers: { locale: 'fr', 'x-prebuild-render': '1' } });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { response: { articles: { id: number }[] } }).response.articles.map((a) => a.id);
    };
    const views = (id: number) => Number(query('SELECT view_count FROM articles WHERE id = ?', id)[0]!['view_count']);

    const before = await list();
    expect(before.length).toBeGreaterThan(1);
    const last = before[before.length - 1]!;
    // The contender: the most viewed recent French article not listed, or
    // (when every recent article is listed) the one ranked last; its rival
    // is the article it must pass.
    const since = new Date(Date.now() - 30 * 86400_000).toISOString();
    const now = new Date().toISOString();
    const outside = query(
      `SELECT id, view_count FROM articles WHERE lang = 'fr' AND status = 'published' AND published_at <= ? AND published_at >= ?
       AND id NOT IN (${before.map(() => '?').join(',')}) ORDER BY view_count DESC, published_at DESC, id DESC LIMIT 1`,
      now,
      since,
      ...before,
    )[0];
    const target = outside ? Number(outside['id']) : last;
    const rival = outside ? last : before[before.length - 2]!;
    expect(views(target)).toBeLessThanOrEqual(views(rival));

    // The seeded views are thousands apart: bring the contender to two views
    // behind its rival (restored afterwards), then three visitors play it.
    const original = views(target);
    execute('UPDATE articles SET view_count = ? WHERE id = ?', views(rival) - 2, target);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await postPlay(request, {
          connexionMode: 'visiteur',
          contentId: String(target),
          videoFileURL: '/media/video/sample/index.m3u8',
          contentType: 'article',
          eventId: 4,
          clickSource: 'web',
          userID: `${run}-mv${i}`,
          clickDate: Math.floor(Date.now() / 1000),
          pageURL: `${baseURL}/fr/post/${target}`,
        });
        expect(res.status()).toBe(204);
      }
      await expect.poll(() => views(target), { timeout: 10_000 }).toBe(views(rival) + 1);
      const after = await list();
      expect(after).toContain(target);
      expect(after.indexOf(target)).toBeLessThan(after.includes(rival) ? after.indexOf(rival) : Infinity);
      if (outside) expect(before).not.toContain(target);
      else expect(before.indexOf(target)).toBeGreaterThan(before.indexOf(rival));
    } finally {
      execute('UPDATE articles SET view_count = ? WHERE id = ?', original, target);
    }
  });
});

test.describe('play statistics from the player', () => {
  test.skip(!storeFile || !existsSync(storeFile), `the server's store is not readable here: set E2E_DATA_DIR to its DATA_DIR (looked for ${storeFile || 'E2E_DATA_DIR unset'})`);

  for (const { width, source } of [
    { width: 1280, source: 'web' },
    { width: 375, source: 'resp' },
  ] as const) {
    test(`the live page's first play lands once, as the documented payload (${width} px: ${source})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 800 });
      const events: { eventId: number; data: Record<string, unknown> }[] = [];
      await page.exposeFunction('__recordAnalytics', (d: { eventId: number; data: Record<string, unknown> }) => events.push(d));
      await page.addInitScript(() => {
        window.addEventListener('2m:analytics', (e) => (window as unknown as { __recordAnalytics: (d: unknown) => void }).__recordAnalytics((e as CustomEvent).detail));
      });
      // No pre-roll here (tests/e2e/ads.spec.ts plays them): the house ad server has nothing to show.
      await page.route('**/ads/vast?**', (route) => route.fulfill({ contentType: 'application/xml', body: '<VAST version="4.0"/>' }));
      const started = Math.floor(Date.now() / 1000);
      await page.goto('/fr/live');
      const pageURL = page.url();
      // On a phone's screen the player waits for its play button (ADR 014): the visitor presses it.
      if (width < 768) await page.getByRole('button', { name: /^Lire la vidéo\s: / }).click();

      await expect.poll(() => events.filter((e) => e.data['event'] === 'ReadVideo').length, { timeout: 60_000 }).toBe(1);
      const userID = await page.evaluate(() => localStorage.getItem('userID'));
      expect(userID).toMatch(/^\d{13}-[0-9a-f]{8}$/);
      const rowsOf = () => query('SELECT * FROM play_events WHERE user_id = ? AND page_url = ?', userID!, pageURL);
      await expect.poll(() => rowsOf().length, { timeout: 10_000 }).toBe(1);
      const row = rowsOf()[0]!;
      expect(row).toMatchObject({
        connexion_mode: 'visiteur',
        content_id: 'live',
        content_type: 'live',
        event_id: 7,
        click_source: source,
        user_id: userID,
        page_url: pageURL,
      });
      expect(String(row['video_file_url'])).toMatch(/\.m3u8(\?|$)/);
      expect(Number(row['click_date'])).toBeGreaterThanOrEqual(started);
      expect(Number(row['click_date'])).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

      const analytics = events.find((e) => e.data['event'] === 'ReadVideo')!;
      expect(analytics.eventId).toBe(7);
      expect(analytics.data).toMatchObject({ contentType: 'live', clickSource: source, userID, eventId: 7, pageURL });
    });
  }
});
