/**
 * The video player (ADR 006; docs/product.md, States, Limits) in Chromium with muted autoplay:
 * the live page plays the live channel, replays play (HLS through hls.js
 * with its quality menu, MP4 directly) after their pre-roll, seek keys and
 * buttons (+30 s / -10 s), captions, one player at a time (the live strip
 * counts), the floating mini player, the next item at the end, Arabic and
 * French labels, no player JavaScript or styles on an article page, and the
 * player's styles arriving with its code and kept across client navigations.
 *
 * Most tests make the house VAST request fail (the content then plays at
 * once: an ad failure never blocks the content); one test keeps the real
 * pre-roll and checks that the content waits for it.
 */
import { test as freshPageTest, type APIRequestContext, type Page } from '@playwright/test';
import { test, expect } from '../support/shared-tab.ts';
import { AUTOPLAY_ARG, chromiumLaunch } from '../../scripts/chromium.ts';
import { speedUpAds } from '../support/fast-ads.ts';

test.use({ launchOptions: chromiumLaunch([AUTOPLAY_ARG]) });

type Lang = 'ar' | 'fr';

interface Card {
  id: number;
  type: string;
  title: string;
  path: string;
}

async function api<T>(request: APIRequestContext, path: string, lang: Lang): Promise<T> {
  const res = await request.get(path, { headers: { locale: lang } });
  expect(res.status(), `${path} answered ${res.status()}`).toBe(200);
  return ((await res.json()) as { response: T }).response;
}

/** An episode (HLS replay) with a next episode or playlist. */
async function episodePath(request: APIRequestContext, lang: Lang): Promise<string> {
  const latest = await api<{ items: Card[] }>(request, '/api/watchLastReplays/1', lang);
  const ep = latest.items.find((i) => i.type === 'episode');
  expect(ep, 'no episode in the store').toBeTruthy();
  return ep!.path;
}

/** A by2m web video (MP4). */
async function webVideo(request: APIRequestContext, lang: Lang): Promise<Card> {
  const tags = await api<{ tags: { id: number; count: number }[] }>(request, '/api/watch-by2m-tags', lang);
  const tag = tags.tags.find((t) => t.count > 0)!;
  const videos = await api<{ videos: Card[] }>(request, `/api/watchvideoTagDetail/${tag.id}`, lang);
  return videos.videos[0]!;
}

/** A JT bulletin (HLS with Arabic and French captions). */
async function bulletinPath(request: APIRequestContext, lang: Lang): Promise<string> {
  const jt = await api<{ editions: { bulletins: Card[] }[] }>(request, '/api/getListJT', lang);
  const b = jt.editions.flatMap((e) => e.bulletins)[0];
  expect(b, 'no bulletin in the store').toBeTruthy();
  return b!.path;
}

/** The house VAST request fails: "ad error", and the content plays at once. */
async function withoutAds(page: Page): Promise<void> {
  await page.route('**/ads/vast**', (route) => route.abort());
}

/**
 * Stretches the replay sample (24 s) to `times` × its length by repeating its
 * segments (with discontinuities), for tests that need room to seek or scroll.
 */
async function longReplay(page: Page, times = 5): Promise<void> {
  await page.route(/\/sample-media\/vod\/replay\/[^/]+\/index\.m3u8$/, async (route) => {
    const res = await route.fetch();
    const lines = (await res.text()).split('\n').map((l) => l.trim());
    const head = lines.filter((l) => l.startsWith('#EXT') && !l.startsWith('#EXTINF') && l !== '#EXT-X-ENDLIST');
    const segments: string[] = [];
    lines.forEach((l, i) => {
      if (l.startsWith('#EXTINF')) segments.push(l, lines[i + 1] ?? '');
    });
    const body = Array.from({ length: times }, (_, i) => [...(i ? ['#EXT-X-DISCONTINUITY'] : []), ...segments]).flat();
    await route.fulfill({ response: res, body: [...head, ...body, '#EXT-X-ENDLIST', ''].join('\n') });
  });
}

interface VideoState {
  phase: string | null;
  time: number;
  paused: boolean;
  muted: boolean;
  src: string;
}

function mainState(page: Page): Promise<VideoState | null> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('main .player');
    const video = root?.querySelector('video');
    if (!root || !video) return null;
    return { phase: root.dataset['phase'] ?? null, time: video.currentTime, paused: video.paused, muted: video.muted, src: video.currentSrc };
  });
}

/** Waits until the page's player plays its content and its time advances. */
async function playsContent(page: Page, timeout = 45_000): Promise<void> {
  await expect
    .poll(async () => {
      const s = await mainState(page);
      return s !== null && s.phase === 'content' && !s.paused && s.time > 0.3;
    }, { timeout, message: 'the player should play its content' })
    .toBe(true);
  const before = (await mainState(page))!.time;
  await expect.poll(async () => (await mainState(page))!.time, { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
}

/**
 * What the page's player looks like: plyr's styles (its controls bar is a
 * flex row) and the player's own (its frame is absolutely placed). They come
 * with the player's code (src/islands/player/player-styles.ts), not with the
 * page, and must survive a client navigation.
 */
function playerLook(page: Page): Promise<{ controls: string | null; frame: string | null }> {
  return page.evaluate(() => {
    const controls = document.querySelector('main .player .plyr__controls');
    const frame = document.querySelector('main .player .player-frame');
    return { controls: controls && getComputedStyle(controls).display, frame: frame && getComputedStyle(frame).position };
  });
}

/** Whether any style sheet of the page (linked, inline or adopted) has a rule of plyr's. */
function hasPlyrRules(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.styleSheets, ...document.adoptedStyleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('.plyr'))),
  );
}

function stripState(page: Page): Promise<{ time: number; paused: boolean } | null> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.live-strip video');
    return video ? { time: video.currentTime, paused: video.paused } : null;
  });
}

/** Heights of a master playlist's renditions, highest first. */
async function playlistHeights(request: APIRequestContext, url: string): Promise<number[]> {
  const text = await (await request.get(url)).text();
  const heights = [...text.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
  return [...new Set(heights)].sort((a, b) => b - a);
}

test.describe('player', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the live page plays the live channel, with a quality menu of its renditions', async ({ page, request }) => {
    await withoutAds(page);
    const live = await api<{ news: { url: string[] } }>(request, '/api/getLiveSection', 'ar');
    await page.goto('/ar/live');
    await expect(page.locator('main [data-video-url]')).toHaveAttribute('data-video-url', live.news.url[0]!);
    await playsContent(page);
    expect(await playerLook(page)).toEqual({ controls: 'flex', frame: 'absolute' });
    const heights = await playlistHeights(request, live.news.url[0]!);
    expect(heights.length).toBeGreaterThan(1);
    const values = await page.locator('main .player [data-plyr="quality"]').evaluateAll((els) => els.map((e) => Number((e as HTMLButtonElement).value)));
    expect(values).toEqual([0, ...heights]);
    // The live strip does not play the channel a second time on the live page.
    await expect(page.locator('.live-strip')).toBeHidden();
  });

  test('a replay plays its HLS through hls.js: quality menu from the levels, switching levels', async ({ page, request }) => {
    await withoutAds(page);
    const path = await episodePath(request, 'fr');
    const url = (await request.get(path).then((r) => r.text())).match(/data-video-url="([^"]+)"/)?.[1] ?? '';
    expect(url).toMatch(/\.m3u8$/);
    const segments: string[] = [];
    page.on('request', (r) => {
      if (/\.(ts|m2t|m4s)(\?|$)/.test(r.url())) segments.push(r.url());
    });
    await page.goto(path);
    await playsContent(page);
    expect(segments.length, 'hls.js should load segments').toBeGreaterThan(0);
    const heights = await playlistHeights(request, url);
    const menu = page.locator('main .player [data-plyr="quality"]');
    expect(await menu.evaluateAll((els) => els.map((e) => Number((e as HTMLButtonElement).value)))).toEqual([0, ...heights]);
    await expect(menu.first()).toContainText('Auto');

    // Pick the lowest rendition in the settings menu (paused: plyr keeps its
    // controls up): its segments load next.
    const lowest = heights[heights.length - 1]!;
    await page.locator('main .player video').evaluate((v: HTMLVideoElement) => v.pause());
    await page.locator('main .player').hover();
    await page.locator('main .player .plyr__controls [data-plyr="settings"]:not([role="menuitem"])').click();
    await page.locator('main .player .plyr__menu__container [role="menuitem"]', { hasText: 'Qualité' }).click();
    segments.length = 0;
    await page.locator(`main .player [data-plyr="quality"][value="${lowest}"]`).click();
    await expect.poll(() => segments.some((u) => u.includes(`/${lowest}p/`)), { timeout: 15_000 }).toBe(true);
  });

  test('a replay plays its MP4 directly, and one play event is sent', async ({ page, request }) => {
    await withoutAds(page);
    const v = await webVideo(request, 'ar');
    const plays: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/tracking/clicks.php') && r.method() === 'POST') {
        try {
          plays.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
        } catch {
          plays.push({});
        }
      }
    });
    await page.goto(v.path);
    await playsContent(page);
    const state = (await mainState(page))!;
    expect(state.src).toMatch(/\.mp4$/);
    await expect.poll(() => plays.length, { timeout: 10_000 }).toBe(1);
    expect(plays[0]).toMatchObject({ contentId: String(v.id), contentType: 'by2m', eventId: 4 });
  });

  test('the content waits for the pre-roll, then plays', async ({ page, request }) => {
    const v = await webVideo(request, 'fr');
    await speedUpAds(page, 4);
    await page.goto(v.path);
    await expect(page.locator('main .player')).toHaveAttribute('data-phase', 'ad', { timeout: 15_000 });
    const during = (await mainState(page))!;
    expect(during.src, 'no content source during the pre-roll').toBe('');
    expect(during.paused).toBe(true);
    await playsContent(page, 60_000);
  });

  test('seek: ArrowRight / L +30 s, ArrowLeft / J -10 s, and the two buttons', async ({ page, request }) => {
    await withoutAds(page);
    await longReplay(page);
    await page.goto(await episodePath(request, 'ar'));
    await playsContent(page);
    const video = page.locator('main .player video');
    // Paused, so that the time does not move between two readings.
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
    const moves = async (press: () => Promise<void>, delta: number) => {
      const before = await time();
      await press();
      const after = await time();
      expect(after - before, `moved by ${after - before} s, expected ${delta}`).toBeGreaterThan(delta - 0.5);
      expect(after - before).toBeLessThan(delta + 0.5);
    };
    await page.locator('main .player .plyr').focus();
    await moves(() => page.keyboard.press('ArrowRight'), 30);
    await moves(() => page.keyboard.press('ArrowLeft'), -10);
    await moves(() => page.keyboard.press('l'), 30);
    await moves(() => page.keyboard.press('j'), -10);
    await page.locator('main .player').hover();
    await moves(() => page.locator('main .player [data-plyr="rewind"]').click(), -10);
    await page.locator('main .player').hover();
    await moves(() => page.locator('main .player [data-plyr="fast-forward"]').click(), 30);
  });

  test('captions: the bulletin carries its WebVTT tracks and plyr offers them', async ({ page, request }) => {
    await withoutAds(page);
    await page.goto(await bulletinPath(request, 'fr'));
    const tracks = page.locator('main .player video track[kind="captions"]');
    await expect(tracks).toHaveCount(2);
    expect((await tracks.evaluateAll((els) => els.map((e) => e.getAttribute('srclang')))).sort()).toEqual(['ar', 'fr']);
    await expect(page.locator('main .player [data-plyr="captions"]').first()).toBeAttached();
  });

  test('one player at a time: the live strip and a replay pause each other', async ({ page, request }) => {
    await withoutAds(page);
    await page.goto(await episodePath(request, 'ar'));
    await playsContent(page);
    await expect(page.locator('.live-strip')).toBeVisible({ timeout: 20_000 });
    // The strip stays paused while the replay plays.
    expect((await stripState(page))!.paused).toBe(true);
    const mainId = await page.locator('main .player').getAttribute('data-player-id');
    expect(mainId).toBeTruthy();

    await page.evaluate(() => window.dispatchEvent(new CustomEvent('play-video', { detail: { id: 'live-strip' } })));
    await expect.poll(async () => (await stripState(page))!.paused, { timeout: 15_000 }).toBe(false);
    await expect.poll(async () => (await mainState(page))!.paused).toBe(true);
    const t = (await stripState(page))!.time;
    await expect.poll(async () => (await stripState(page))!.time, { timeout: 15_000 }).toBeGreaterThan(t + 0.5);

    await page.evaluate((id) => window.dispatchEvent(new CustomEvent('play-video', { detail: { id } })), mainId);
    await expect.poll(async () => (await mainState(page))!.paused, { timeout: 15_000 }).toBe(false);
    await expect.poll(async () => (await stripState(page))!.paused).toBe(true);
  });

  test('floating: the playing video floats in the corner when scrolled away, closes, docks back', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 560 });
    await withoutAds(page);
    await longReplay(page);
    await page.goto(await episodePath(request, 'ar'));
    await playsContent(page);
    const frame = page.locator('main .player-frame');
    await expect(frame).not.toHaveClass(/is-floating/);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(frame).toHaveClass(/is-floating/);
    const box = (await frame.boundingBox())!;
    expect(Math.round(box.width)).toBe(180);
    expect(Math.round(box.height)).toBe(100);
    // Arabic: the inline end is the left; the block end the bottom.
    expect(box.x).toBeLessThan(40);
    expect(box.y + box.height).toBeGreaterThan(560 - 40);

    await page.getByRole('button', { name: 'إغلاق المشغّل المصغّر' }).click();
    await expect(frame).not.toHaveClass(/is-floating/);
    await expect.poll(async () => (await mainState(page))!.paused).toBe(true);

    // Back up: docked; playing and scrolled away again: floating again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('main .player').hover();
    await page.locator('main .player [data-plyr="play"]').first().click();
    await expect.poll(async () => (await mainState(page))!.paused).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(frame).toHaveClass(/is-floating/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(frame).not.toHaveClass(/is-floating/);

    // The toggle event floats and docks it too.
    const id = await page.locator('main .player').getAttribute('data-player-id');
    await page.evaluate((target) => window.dispatchEvent(new CustomEvent('toggle-floating-video', { detail: { id: target } })), id);
    await expect(frame).toHaveClass(/is-floating/);
    await page.evaluate((target) => window.dispatchEvent(new CustomEvent('close-floating-video', { detail: { id: target } })), id);
    await expect(frame).not.toHaveClass(/is-floating/);
  });

  test('at the end, the next item: a visible control, a countdown, then its page', async ({ page, request }) => {
    await withoutAds(page);
    // The newest bulletin: the next item is the bulletin before it.
    const path = await bulletinPath(request, 'fr');
    await page.goto(path);
    const nextButton = page.getByRole('button', { name: 'Suivant' });
    await expect(nextButton).toBeVisible({ timeout: 15_000 });
    const announced = ((await nextButton.getAttribute('title')) ?? '').replace(/^À suivre\u202f: /, '');
    expect(announced).not.toBe('');
    await expect(page.locator(`main .vdetail-playlist a`, { hasText: announced }).first()).toBeAttached();
    await playsContent(page);
    await page.locator('main .player video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 0.5);
    });
    const endScreen = page.locator('main .player-next');
    await expect(endScreen).toBeVisible({ timeout: 15_000 });
    await expect(endScreen).toContainText(`À suivre\u202f: ${announced}`);
    await expect(endScreen).toContainText(/Lecture dans \d s/);
    // The countdown ends on the next bulletin's page (a client navigation), which plays in turn.
    await expect(page).not.toHaveURL(new RegExp(`${path}$`), { timeout: 15_000 });
    await expect(page.locator('h1')).toHaveText(announced);
    await playsContent(page);
    // The ClientRouter replaced the head: the player's styles are still there.
    expect(await playerLook(page)).toEqual({ controls: 'flex', frame: 'absolute' });
  });

  for (const [lang, labels] of [
    ['ar', { play: 'تشغيل', pause: 'إيقاف مؤقت', settings: 'الإعدادات', rewind: 'الرجوع 10 ثوانٍ', forward: 'التقديم 30 ثانية', fullscreen: 'ملء الشاشة' }],
    ['fr', { play: 'Lecture', pause: 'Pause', settings: 'Réglages', rewind: 'Reculer de 10 secondes', forward: 'Avancer de 30 secondes', fullscreen: 'Plein écran' }],
  ] as const) {
    test(`the player's labels are in ${lang === 'ar' ? 'Arabic' : 'French'} on /${lang} pages`, async ({ page, request }) => {
      await withoutAds(page);
      await page.goto(await episodePath(request, lang));
      const plyr = page.locator('main .player .plyr');
      await expect(plyr).toBeAttached({ timeout: 15_000 });
      // Play or pause, depending on whether autoplay has started yet (plyr adds the title).
      await expect(plyr.locator('.plyr__controls [data-plyr="play"]')).toHaveAttribute('aria-label', new RegExp(`^(${labels.play}|${labels.pause})(, |$)`));
      await expect(plyr.locator('.plyr__controls [data-plyr="settings"]:not([role="menuitem"])')).toHaveAccessibleName(labels.settings);
      await expect(plyr.locator('.plyr__controls [data-plyr="rewind"]')).toHaveAccessibleName(labels.rewind);
      await expect(plyr.locator('.plyr__controls [data-plyr="fast-forward"]')).toHaveAccessibleName(labels.forward);
      await expect(plyr.locator('.plyr__controls [data-plyr="fullscreen"]')).toHaveAccessibleName(labels.fullscreen);
      // No English default left anywhere in the player's labels.
      const texts = await plyr.evaluate((el) =>
        [...el.querySelectorAll('[aria-label], .plyr__sr-only, .plyr__menu__container span')].map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''),
      );
      // ("Pause" and "Volume" are French words too.)
      const english = ['Play', 'Settings', 'Mute', 'Unmute', 'Captions', 'Quality', 'Speed', 'Normal', 'Enter fullscreen', 'Exit fullscreen', 'Rewind', 'Forward', 'Current time', 'Seek', 'Disabled', 'Go back', 'Played', 'Buffered', ...(lang === 'ar' ? ['Pause', 'Volume'] : [])];
      const englishRe = new RegExp(`\\b(${english.join('|')})\\b`);
      expect(texts.filter((t) => englishRe.test(t))).toEqual([]);
    });
  }

  // Counts the player's requests: a fresh page, whose cache holds none of its code.
  freshPageTest("an article's video: none of the player's code until play is pressed, then it plays with sound", async ({ page, request }) => {
    type Cards = { articles: { path: string; hasVideo: boolean }[] };
    let article: { path: string } | undefined;
    for (let p = 1; p <= 10 && !article; p++) {
      article = (await api<Cards>(request, `/api/articlesrecent-paginated/${p}`, 'fr')).articles.find((a) => a.hasVideo);
    }
    expect(article, 'no article with a video in the store').toBeTruthy();
    await withoutAds(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || /\.(m?js)(\?|$)/.test(r.url())) scripts.push(r.url());
    });
    await page.goto(article!.path);
    await page.waitForFunction(() => !document.querySelector('astro-island[component-url*="ArticleVideo.island"][ssr]'), undefined, { timeout: 20_000 });
    expect(scripts.filter((u) => /Player\.island|plyr/i.test(u))).toEqual([]);
    // Nor its styles: they would hold the first paint (a render-blocking stylesheet).
    expect(await hasPlyrRules(page)).toBe(false);
    await page.getByRole('button', { name: /^Lire la vidéo\s: / }).click();
    await playsContent(page);
    expect(scripts.some((u) => /Player\.island/.test(u))).toBe(true);
    expect(await playerLook(page)).toEqual({ controls: 'flex', frame: 'absolute' });
    // The button left with the poster: the focus is on the player it started, not lost.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main .player .plyr')))).toBe(true);
    // Pressed by the visitor: not muted.
    expect((await mainState(page))!.muted).toBe(false);
  });

  // A phone (Lighthouse's Moto G Power: 412 px, touch): a fresh page, whose cache holds none of the player's code.
  freshPageTest.describe('on a phone', () => {
    freshPageTest.use({ viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

    freshPageTest("the live page waits for its play button: no player code nor video byte before, then the channel plays with sound", async ({ page }) => {
      await withoutAds(page);
      const scripts: string[] = [];
      const media: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script' || /\.(m?js)(\?|$)/.test(r.url())) scripts.push(r.url());
        if (/\.(m3u8|m4s|ts|mp4)(\?|$)/.test(r.url())) media.push(r.url());
      });
      await page.goto('/fr/live');
      const play = page.getByRole('button', { name: /^Lire la vidéo\s: 2M/ });
      await expect(play).toBeVisible();
      // Well after load and idle: still the poster.
      await page.waitForTimeout(3000);
      expect(scripts.filter((u) => /Player\.island|plyr|hls|mount\./i.test(u))).toEqual([]);
      expect(media).toEqual([]);
      expect(await hasPlyrRules(page)).toBe(false);
      await play.click();
      await playsContent(page);
      expect(scripts.some((u) => /Player\.island/.test(u))).toBe(true);
      expect(media.length).toBeGreaterThan(0);
      // The button left with the poster: the focus is on the player it started, not lost.
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main .player .plyr')))).toBe(true);
      await expect(page.locator('main .player-poster')).not.toHaveAttribute('aria-busy', 'true');
      // Pressed by the visitor: not muted.
      expect((await mainState(page))!.muted).toBe(false);
    });
  });

  // Counts the player's requests: a fresh page, whose cache holds none of its code.
  freshPageTest("the article page loads none of the player's JavaScript", async ({ page, request }) => {
    const recent = await api<{ articles: { path: string }[] }>(request, '/api/articlesrecent', 'ar');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || /\.(m?js)(\?|$)/.test(r.url())) scripts.push(r.url());
    });
    await page.goto(recent.articles[0]!.path);
    // The live strip (idle; drawn by the server, then hydrated) has loaded by then: the page's scripts are all in.
    await page.waitForFunction(() => !document.querySelector('astro-island[component-url*="LiveStrip.island"][ssr]'), undefined, { timeout: 20_000 });
    expect(scripts.some((u) => u.includes('LiveStrip.island'))).toBe(true);
    expect(scripts.filter((u) => /Player\.island|plyr|hls/i.test(u))).toEqual([]);
    await expect(page.locator('.plyr')).toHaveCount(0);
    expect(await hasPlyrRules(page)).toBe(false);
  });
});
