/**
 * The exposures of a site behind nginx and a CDN, reproduced against the
 * built site (ADR 029, ADR 030), through Node and through nginx
 * (deploy/nginx/2m.conf), with the http SITE_URL of the test server:
 *
 *  - a Host carrying backslashes, a path, `@`, a port or percent-encoding
 *    never makes the site render or cache another page (400, and a clean
 *    request then gets the right page);
 *  - PROPFIND, TRACE, a made-up method: 405 before any render; a path over
 *    2,048 bytes: 414 before any redirect;
 *  - impression beacons and clicks cannot be inflated from one address;
 *  - member pages are not reached by sequential ids;
 *  - on-demand HTML says its charset, and a page any cache keeps sets no cookie.
 *
 * The https SITE_URL, forged X-Forwarded-For with trust on, and the
 * sign-in lockout are in tests/api/security-https.test.ts (servers of their own).
 */
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NGINX, startNginx, type RunningNginx } from '../../scripts/nginx.ts';
import { testStore } from '../support/test-store.ts';

if (!NGINX && process.env.CI) throw new Error('nginx is missing: .ci/run installs it (apt-get install nginx-light)');

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const store = testStore();
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request exactly as given (Host included), without fetch()'s checks. */
function raw(base: string, target: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path: target, method, headers: { 'user-agent': BROWSER, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Casablanca' }).format(new Date());
const GUIDE = `/ar/guidetv?day=${today}`;
const ATTACK = 'Diffusion+interrompue.+Regardez+sur+2m-live.example';
/** The probe's Host values, each for a site whose host is `site`. */
const poisonedHosts = (site: string, viaNginx: boolean) => [
  // nginx matches its server_name whatever the port, and hands Node SITE_URL's host: served as the site (checked below), never poisoned.
  ...(viaNginx ? [] : [`${site.replace(/:\d+$/, '')}:1`]),
  `${site}\\fr\\search?q=${ATTACK}&x=`,
  `${site}\\api\\getSectionUne?x=`,
  `${site}/fr/search?q=${ATTACK}&x=`,
  `evil.example@${site}`,
  `${site}@evil.example`,
  `${site}%2Ffr%2Fsearch`,
  `${site.replace(/\./g, '%2e')}`,
  'www.2m.ma',
];

describe.each([
  ['Node', () => baseUrl],
  ['nginx', () => front],
])('the Host header through %s', (name, base) => {
  it.skipIf(name === 'nginx' && !NGINX)('never renders nor caches another page: 400 for every forged Host, then clean requests get the right page and API answer', async () => {
    const site = new URL(base()).host;
    const cleanGuide = await raw(base(), GUIDE, { cookie: 'locale=ar' });
    const cleanApi = await raw(base(), '/api/getBreakingNews', { locale: 'fr' });
    expect(cleanGuide.status).toBe(200);
    expect(cleanApi.status).toBe(200);
    for (const host of poisonedHosts(site, name === 'nginx')) {
      for (let i = 0; i < 2; i++) {
        const page = await raw(base(), GUIDE, { host, cookie: 'locale=ar' }, 'GET');
        const api = await raw(base(), '/api/getBreakingNews', { host, locale: 'fr' });
        if (name === 'Node') {
          expect([page.status, api.status], `${name} ${host}`).toEqual([400, 400]);
        } else {
          // nginx reads the name before a ':' (`127.0.0.1:1\fr\…` is 127.0.0.1): such a Host is served as the site's own,
          // with SITE_URL's host handed to Node; every other is refused by its default server (or its parser).
          if (page.status !== 400) expect([page.status, page.body.includes('2m-live.example'), /<html[^>]*lang="ar"/.test(page.body)], host).toEqual([200, false, true]);
          if (api.status !== 400) expect(JSON.parse(api.body), host).toEqual(JSON.parse(cleanApi.body));
        }
      }
    }
    const guide = await raw(base(), GUIDE, { cookie: 'locale=ar' });
    expect(guide.status).toBe(200);
    expect(guide.body).toMatch(/<html[^>]*lang="ar"/);
    expect(guide.body).not.toContain('2m-live.example');
    expect(guide.body).not.toContain('Diffusion interrompue');
    expect(guide.headers['set-cookie']).toBeUndefined();
    const api = await raw(base(), '/api/getBreakingNews', { locale: 'fr' });
    expect(JSON.parse(api.body)).toEqual(JSON.parse(cleanApi.body));
    if (name === 'nginx') {
      // Another port on nginx's own name: served as the site itself.
      const otherPort = await raw(base(), GUIDE, { host: '127.0.0.1:1', cookie: 'locale=ar' });
      expect(otherPort.status).toBe(200);
      expect(otherPort.body).toMatch(/<html[^>]*lang="ar"/);
    }
  });

  it.skipIf(name === 'nginx' && !NGINX)('PROPFIND, TRACE and made-up methods get 405 (with Allow), a path over 2,048 bytes 414, before any redirect', async () => {
    for (const method of ['PROPFIND', 'TRACE', 'MKCOL']) {
      const res = await raw(base(), '/ar/', {}, method);
      expect(res.status, `${name} ${method}`).toBe(405);
      expect(res.headers['allow'], `${name} ${method}`).toMatch(/^GET, HEAD/);
    }
    // Nothing else gets an Allow header.
    expect((await raw(base(), '/api/getBreakingNews', { locale: 'fr' })).headers['allow']).toBeUndefined();
    expect((await raw(base(), '/ar')).headers['allow']).toBeUndefined();
    // A method Node's HTTP parser does not know at all: its parser answers 400 (Node), nginx 405; neither reaches a worker.
    expect([400, 405]).toContain((await raw(base(), '/ar/', {}, 'BREW')).status);
    const post = await raw(base(), '/ar/', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST', 'a=1');
    expect([post.status, post.headers['allow']]).toEqual([405, 'GET, HEAD']);
    const long = await raw(base(), `/shows/${'a'.repeat(8000)}`);
    expect(long.status).toBe(414);
    expect(long.headers['location']).toBeUndefined();
    const longPrefixed = await raw(base(), `/fr/${'b'.repeat(2100)}`);
    expect(longPrefixed.status).toBe(414);
  });
});

let nginx: RunningNginx | undefined;
let front = '';

beforeAll(async () => {
  if (!NGINX) return;
  nginx = await startNginx({ siteDir: path.join(dataDir, 'site'), upstream: new URL(baseUrl).host, siteUrl: baseUrl });
  front = nginx.base;
});

afterAll(async () => {
  await nginx?.stop();
});

describe.skipIf(!NGINX)('nginx (deploy/nginx/2m.conf)', () => {
  it('refuses a Host it does not serve with its default server, and a request with no Host', async () => {
    expect((await raw(front, '/ar', { host: 'evil.example' })).status).toBe(400);
    expect((await raw(front, '/ar', { host: '127.0.0.1' })).status).toBe(200);
    const http10 = await new Promise<string>((resolve, reject) => {
      const url = new URL(front);
      import('node:net')
        .then(({ connect }) => {
          const socket = connect(Number(url.port), url.hostname, () => socket.end('GET /ar HTTP/1.0\r\n\r\n'));
          let text = '';
          socket.on('data', (c: Buffer) => (text += c.toString()));
          socket.on('end', () => resolve(text));
          socket.on('error', reject);
        })
        .catch(reject);
    });
    expect(http10).toMatch(/^HTTP\/1\.1 400/);
  });
});

describe('ad events cannot be inflated', () => {
  const banner = async () => {
    const res = await raw(baseUrl, '/ads/banner?unit=/2M/web/top&sizes=728x90&lang=fr&market=ma');
    const { ad } = JSON.parse(res.body) as { ad: { id: number; impression: string; href: string } | null };
    if (!ad) throw new Error('no house banner of 728x90 in the seeded store');
    return ad;
  };
  const local = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
  const countOf = async (impressionId: string) =>
    (await store.db.selectFrom('ad_banner_events').select(['event']).where('impression_id', '=', impressionId).execute()).map((r) => r.event).sort();

  it('one impression beacon 200 times, and 50 clicks, count once each', async () => {
    const ad = await banner();
    const id = new URL(ad.impression).searchParams.get('t')!.split('.')[0]!;
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push((await raw(baseUrl, local(ad.impression), { 'content-type': 'text/plain', origin: new URL(baseUrl).origin }, 'POST')).headers['x-ad-event']);
    expect(answers.filter((a) => a === 'counted')).toHaveLength(1);
    for (let i = 0; i < 50; i++) expect((await raw(baseUrl, local(ad.href))).status).toBe(302);
    expect(await countOf(id)).toEqual(['click', 'impression']);
  });

  it('200 fresh impressions from one address: the per-address limit counts 60 a minute at most; bots and forged tokens are never counted', async () => {
    const total = async (table: 'ad_banner_events') => Number((await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const refusals = async () => {
      const rows = await store.db.selectFrom('ad_event_refusals').select(['reason', 'count']).execute();
      const by: Record<string, number> = {};
      for (const r of rows) by[r.reason] = (by[r.reason] ?? 0) + Number(r.count);
      return by;
    };
    const before = { events: await total('ad_banner_events'), refused: await refusals() };
    const ad = await banner();
    const bot = await raw(baseUrl, local(ad.impression), { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(bot.headers['x-ad-event']).toBe('refused');
    const forged = new URL(ad.impression);
    forged.searchParams.set('t', 'AAAAAAAAAAAAAAAA.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA');
    expect((await raw(baseUrl, local(forged.href))).headers['x-ad-event']).toBe('refused');
    let counted = 0;
    for (let i = 0; i < 200; i++) {
      const fresh = await banner();
      if ((await raw(baseUrl, local(fresh.impression))).headers['x-ad-event'] === 'counted') counted++;
    }
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThanOrEqual(60);
    expect((await total('ad_banner_events')) - before.events).toBe(counted);
    const after = await refusals();
    const delta = (reason: string) => (after[reason] ?? 0) - (before.refused[reason] ?? 0);
    expect([delta('bot'), delta('forged'), delta('rate')]).toEqual([1, 1, 200 - counted]);
  });
});

describe('member pages, charset, cookies on shared pages', () => {
  it('a member page is not reached by a sequential id, and its 404 is kept by no cache', async () => {
    for (const id of ['1', '2', '3']) {
      const res = await raw(baseUrl, `/fr/user/u/${id}`);
      expect([res.status, res.headers['cache-control'], res.headers['x-cache']]).toEqual([404, 'no-store', undefined]);
    }
    expect((await raw(baseUrl, '/fr/user/u/1')).headers['x-cache']).toBeUndefined();
  });

  it('every HTML answer says charset=utf-8 (pre-built, on demand, 404), and a page kept by shared caches sets no cookie', async () => {
    for (const target of ['/fr', GUIDE, '/fr/search?q=maroc', '/fr/no-such-page-at-all', '/fr/user/u']) {
      const res = await raw(baseUrl, target);
      expect(res.headers['content-type'], target).toBe('text/html; charset=utf-8');
      if (/\bs-maxage=/.test(String(res.headers['cache-control']))) expect(res.headers['set-cookie'], target).toBeUndefined();
    }
  });
});
