/**
 * Several instances on one PostgreSQL database behind nginx (ADR 015,
 * ADR 020, docs/deploy.md), on PostgreSQL only (the PostgreSQL pass), with
 * Debian's nginx (.ci/run installs it). Two instances B and C of the test
 * server's database (each its own DATA_DIR, one SITE_URL: nginx's), started
 * together:
 *  - their full pre-builds at start took turns (the `prebuild` lease): the
 *    two builds' time spans do not overlap;
 *  - rate limits and sessions hold across them (counted and kept in the store);
 *  - nginx with an upstream of both (deploy/nginx/2m.conf, one `server` line
 *    each): C is killed with SIGKILL under load and restarted; no GET fails,
 *    and every newsletter sign-up acknowledged with a 2xx during it is in the
 *    store (the others were refused, never acknowledged and lost); C,
 *    restarted, answers again.
 * The figures are printed (docs/deploy.md quotes them).
 */
import { lstatSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore, type Store } from '../../src/server/db/index.ts';
import { NGINX, startNginx, type RunningNginx } from '../../scripts/nginx.ts';
import { freePort, startServer, testDatabaseUrl, type RunningServer } from '../../scripts/test-server.ts';

const dataDir = inject('dataDir');
const databaseUrl = testDatabaseUrl(dataDir);

if (databaseUrl && !NGINX && process.env.CI) throw new Error('nginx is missing: .ci/run installs it (apt-get install nginx-light)');

interface Instance {
  server: RunningServer;
  dir: string;
}

/** The build `current` points at: when it started (manifest) and when it was finished (manifest written last). */
function currentBuildSpan(dir: string): { id: string; start: number; end: number } {
  const current = path.join(dir, 'site', 'current');
  const manifest = JSON.parse(readFileSync(path.join(current, 'manifest.json'), 'utf8')) as { id: string; builtAt: string };
  // The end is when the build was swapped in (the `current` link is made just before), not the
  // manifest's mtime: the change-feed follower replaces the manifest of the current build later on.
  return { id: manifest.id, start: Date.parse(manifest.builtAt), end: lstatSync(current).mtimeMs };
}

describe.skipIf(!databaseUrl || !NGINX)('several instances on one PostgreSQL database behind nginx', () => {
  let nginxPort: number;
  let siteUrl: string;
  let env: Record<string, string>;
  let b: Instance;
  let c: Instance;
  let nginx: RunningNginx | undefined;
  let store: Store;

  const startInstance = async (dir: string, port: number, prebuild = true): Promise<RunningServer> =>
    startServer({ dataDir: dir, env, timeoutMs: 120_000, port, prebuild });
  // TEST_API_PORT (a shared machine gives each engineer a range): the next three ports; default free ones.
  const fixedPort = Number(process.env.TEST_API_PORT) || 0;
  const port = async (n: number) => (fixedPort ? fixedPort + n : await freePort());

  beforeAll(async () => {
    nginxPort = await port(1);
    siteUrl = `http://127.0.0.1:${nginxPort}`;
    const ports = [await port(2), await port(3)];
    env = {
      // The test also asks each instance directly, by its own address.
      SITE_HOST_ALIASES: ports.map((p) => `127.0.0.1:${p}`).join(','),
      // What must be equal on every instance (docs/deploy.md): the store (the test server's database,
      // given here rather than in DATA_DIR/.test-database-url, so that stopping an instance never drops it)…
      DATABASE_URL: databaseUrl!,
      // …the public origin…
      SITE_URL: siteUrl,
      // …and the proxies in front: nginx, and the test standing in for a CDN in front of it.
      TRUST_PROXY_HOPS: '2',
      // Short pre-builds (sections, listings, programmes; articles on demand).
      PRERENDER_ARTICLES: '0',
      // Small limits, counted across both instances below.
      TRACKING_RATE_PER_MIN: '4',
      PUSH_RATE_PER_HOUR: '4',
    };
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), '2m-test-failover-')));
    // Started together, as after a deploy: both want their first pre-build at once.
    const [sb, sc] = await Promise.all(dirs.map((dir, i) => startInstance(dir, ports[i]!)));
    b = { server: sb!, dir: dirs[0]! };
    c = { server: sc!, dir: dirs[1]! };
    store = await openStore({ dataDir, databaseUrl });
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await store?.db.destroy();
    // SIGTERM (SIGKILL after 5 s), then the DATA_DIR goes; the database stays (the test server's).
    await Promise.all([b, c].map((i) => i?.server.stop()));
  }, 30_000);

  it('their first full pre-builds took turns: the two builds do not overlap in time', () => {
    const [first, second] = [currentBuildSpan(b.dir), currentBuildSpan(c.dir)].sort((x, y) => x.start - y.start);
    console.log(`pre-build turns: ${first!.id} ${first!.end - first!.start} ms, then ${second!.id} ${second!.end - second!.start} ms, ${second!.start - first!.end} ms after`);
    expect(second!.start).toBeGreaterThanOrEqual(first!.end);
  });

  it('rate limits hold across instances: 12 requests from one address, alternating, only the limit accepted (newsletter, contact, tracking, push)', async () => {
    const stamp = Date.now();
    const cases = [
      // FORMS_RATE_PER_HOUR (5 by default), one limit per form.
      { path: '/api/newsletter/add-contact', limit: 5, body: (n: number) => ({ email: `limit-${n}-${stamp}@example.org`, lang: 'fr' }) },
      {
        path: '/api/set-form',
        limit: 5,
        body: (n: number) => ({ name: 'Salma Limite', email: `contact-${n}-${stamp}@example.org`, subject: 'news', message: 'Une question sur le JT de ce soir.', lang: 'fr' }),
      },
      // TRACKING_RATE_PER_MIN and PUSH_RATE_PER_HOUR: 4 here.
      {
        path: '/tracking/clicks.php',
        limit: 4,
        body: (n: number) => ({ eventId: 20, target: '/fr', label: 'Accueil', pageURL: `${siteUrl}/fr`, clickDate: Math.floor(Date.now() / 1000), userID: `limit-${n}` }),
      },
      { path: '/api/push/unsubscribe', limit: 4, body: (n: number) => ({ endpoint: `https://push.example.org/sub/limit-${n}`, keys: { auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }) },
    ];
    for (const { path: p, limit, body } of cases) {
      // One address per case (the CDN's hop: TRUST_PROXY_HOPS=2), counted in the store whichever instance answers.
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const statuses: number[] = [];
      for (let n = 0; n < 12; n++) {
        const base = (n % 2 ? c : b).server.baseUrl;
        const res = await fetch(`${base}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `${address}, 127.0.0.1`, locale: 'fr' },
          body: JSON.stringify(body(n)),
        });
        await res.body?.cancel();
        statuses.push(res.status);
      }
      expect(statuses.slice(0, limit).every((s) => s >= 200 && s < 300), `${p}: ${statuses.join(',')}`).toBe(true);
      expect(statuses.slice(limit), `${p}: ${statuses.join(',')}`).toEqual(Array(12 - limit).fill(429));
    }
  });

  it('sessions hold across instances: signed up on B, known on C; signed out on C, unknown on B; signed in on C, known on B', async () => {
    const email = `two-sessions-${Date.now()}@example.org`;
    const xff = { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250) + 1}, 127.0.0.1` };
    const signup = await fetch(`${b.server.baseUrl}/api/account/registeration`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteUrl, ...xff },
      body: new URLSearchParams({ date: '1990-05-04', sexe: 'F', name: 'Salma Deux', email, password: 'a long passphrase 2026' }).toString(),
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/=/);
    const me = async (base: string, withCookie = cookie) =>
      (await (await fetch(`${base}/api/account/me`, { headers: { cookie: withCookie } })).json()) as { response: { email?: string } | null };
    expect((await me(c.server.baseUrl)).response?.email).toBe(email);
    const out = await fetch(`${c.server.baseUrl}/api/account/logout`, { method: 'POST', headers: { cookie, origin: siteUrl, ...xff } });
    expect(out.status).toBe(200);
    expect((await me(b.server.baseUrl)).response?.email).toBeUndefined();
    // Signed in on C, known on B.
    const login = await fetch(`${c.server.baseUrl}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteUrl, ...xff },
      body: new URLSearchParams({ username: email, password: 'a long passphrase 2026' }).toString(),
    });
    expect(login.status).toBe(200);
    const signedIn = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await me(b.server.baseUrl, signedIn)).response?.email).toBe(email);
  });

  it('SIGKILL of one instance under load through nginx: no GET fails; every acknowledged POST is stored', async () => {
    nginx = await startNginx({
      siteDir: path.join(b.dir, 'site'),
      upstream: [new URL(b.server.baseUrl).host, new URL(c.server.baseUrl).host],
      port: nginxPort,
      siteUrl,
    });
    const front = nginx.base;
    // A pre-built page nginx serves from disk, and answers only the instances give (API, a query, the service worker).
    const paths = ['/fr', '/api/articlesrecent', '/ar?utm_source=fail-over', '/sw.js', '/api/getmastertags', '/api/articlesrecent-paginated/2'];
    const gets = { ok: 0, failed: [] as string[] };
    const posts = { acknowledged: [] as string[], refused: new Map<number | string, number>() };
    let running = true;

    const getLoop = async (offset: number) => {
      for (let n = offset; running; n++) {
        const p = paths[n % paths.length]!;
        try {
          const res = await fetch(`${front}${p}`, { headers: { locale: 'fr' }, signal: AbortSignal.timeout(15_000) });
          await res.arrayBuffer();
          if (res.status === 200) gets.ok++;
          else gets.failed.push(`${p} ${res.status}`);
        } catch (err) {
          gets.failed.push(`${p} ${(err as Error).message}`);
        }
      }
    };
    const postLoop = async (loop: number) => {
      for (let n = 0; running; n++) {
        const email = `fail-over-${loop}-${n}-${Date.now()}@example.org`;
        let status: number | string;
        try {
          const res = await fetch(`${front}/api/newsletter/add-contact`, {
            method: 'POST',
            // One address per sign-up (the CDN's hop): the forms' rate limit is not what is tested here.
            headers: { 'content-type': 'application/json', origin: front, 'x-forwarded-for': `10.${loop}.${(n >> 8) & 255}.${n & 255}`, locale: 'fr' },
            body: JSON.stringify({ email, lang: 'fr' }),
            signal: AbortSignal.timeout(15_000),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch (err) {
          status = (err as Error).message;
        }
        if (typeof status === 'number' && status >= 200 && status < 300) posts.acknowledged.push(email);
        else posts.refused.set(status, (posts.refused.get(status) ?? 0) + 1);
      }
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    const loops = [0, 1, 2, 3].map((i) => getLoop(i)).concat([0, 1].map((i) => postLoop(i)));
    await sleep(1500);
    const before = gets.ok;
    // kill -9: no graceful stop, requests in flight on C are cut.
    const killed = new Promise((r) => c.server.child.once('exit', r));
    c.server.child.kill('SIGKILL');
    await killed;
    const killedAt = Date.now();
    await sleep(3000);
    const duringDown = gets.ok - before;
    // Restarted on the same port and DATA_DIR, its previous build serving (without the pre-build at start,
    // which would take its turn as above and slow the restart on this shared machine).
    c.server = await startInstance(c.dir, c.server.port, false);
    const restartedAfter = Date.now() - killedAt;
    await sleep(2000);
    running = false;
    await Promise.all(loops);

    // Every acknowledged sign-up is in the store.
    const stored = new Set(
      (await store.db.selectFrom('newsletter_contacts').select('email').where('email', 'in', posts.acknowledged.length ? posts.acknowledged : ['-']).execute()).map(
        (r) => r.email,
      ),
    );
    const lost = posts.acknowledged.filter((e) => !stored.has(e));
    const refused = [...posts.refused].map(([s, n]) => `${n} × ${s}`).join(', ') || 'none';
    console.log(
      `fail-over: ${gets.ok} GETs answered (${duringDown} in the 3 s after the kill), ${gets.failed.length} failed; ` +
        `POST sign-ups: ${posts.acknowledged.length} acknowledged (${lost.length} lost), refused: ${refused}; C back after ${restartedAfter} ms`,
    );
    expect(gets.failed).toEqual([]);
    expect(duringDown).toBeGreaterThan(0);
    expect(posts.acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    // A refusal is an error status (nginx's 502 for a POST cut on C), never a hang.
    for (const status of posts.refused.keys()) expect(typeof status === 'number' && status >= 500, String(status)).toBe(true);

    // C answers again, on its own and through nginx.
    expect((await fetch(`${c.server.baseUrl}/api/articlesrecent`, { headers: { locale: 'fr' } })).status).toBe(200);
  }, 60_000);
});
