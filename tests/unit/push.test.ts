/**
 * Web Push (ADR 007): RFC 8291 encryption against the RFC's own
 * example, VAPID keys (kept in the store, the same for every instance on one
 * database, moved there from an old DATA_DIR/push/vapid.json; configured
 * keys win; both or neither), which endpoints are accepted and reached
 * (no SSRF), the subscribe/unsubscribe endpoints (422 per field and nothing
 * stored, updates, rate limit), the breaking-news send through a local
 * push service that checks the VAPID JWT and decrypts every message (404/410
 * dropped, 500 kept), and the service worker's push and click handling.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, type Config } from '../../src/server/config.ts';
import { openStore, type DB } from '../../src/server/db/index.ts';
import type { NewRow } from '../../src/server/db/schema.ts';
import { storeLimiter } from '../../src/server/http/index.ts';
import { allowLocalEndpoints, sendBreakingNews } from '../../src/server/push/broadcast.ts';
import { checkEndpoint, guardedLookup, isPublicAddress } from '../../src/server/push/endpoint.ts';
import { createPushHttp } from '../../src/server/push/handlers.ts';
import { loadVapidKeys, vapidKeyFile } from '../../src/server/push/keys.ts';
import { httpTransport, sendToAll } from '../../src/server/push/send.ts';
import { encryptPayload, generateVapidKeys, MAX_PAYLOAD_BYTES, type VapidKeys } from '../../src/server/push/webpush.ts';
import { compileServiceWorker } from '../../src/sw/vite-plugin.ts';
import { createScratchDatabase, TEST_DATABASE_URL, trackStore } from '../support/pg-scratch.ts';
import { countPage, DISMISS_DAYS, dismissedRecently, rememberDismissal } from '../../src/islands/push/moment.ts';
import {
  browserSubscription,
  browserSubscriptionFrom,
  decryptPush,
  startFakePushService,
  verifyVapid,
  type BrowserSubscription,
  type FakePushService,
} from '../support/push-service.ts';
import { captureLog } from '../support/capture-log.ts';

const SITE = 'https://www.2m.ma';
const tempDirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `push-${name}-`));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('RFC 8291 encryption', () => {
  // RFC 8291 Appendix A: both key pairs, the auth secret, the salt and the resulting body.
  const A = {
    plaintext: 'When I grow up, I want to be a watermelon',
    uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    salt: 'DGv6ra1nlYgDCS1FRnbzlw',
    body:
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };

  it('reproduces the RFC 8291 example byte for byte, and the test decryption reads it', () => {
    const body = encryptPayload(Buffer.from(A.plaintext), { p256dh: A.uaPublic, auth: A.auth }, {
      salt: Buffer.from(A.salt, 'base64url'),
      ephemeralPrivateKey: Buffer.from(A.asPrivate, 'base64url'),
    });
    expect(body.toString('base64url')).toBe(A.body);
    const ua = browserSubscriptionFrom(A.uaPrivate, A.auth);
    expect(ua.p256dh).toBe(A.uaPublic);
    expect(decryptPush(Buffer.from(A.body, 'base64url'), ua).toString()).toBe(A.plaintext);
  });

  it('uses a fresh key and salt per message, and refuses a payload that does not fit one push', () => {
    const ua = browserSubscription();
    const text = Buffer.from('عاجل: نص تجريبي');
    const one = encryptPayload(text, ua);
    const two = encryptPayload(text, ua);
    expect(one.subarray(0, 16).equals(two.subarray(0, 16))).toBe(false);
    expect(one.subarray(21, 86).equals(two.subarray(21, 86))).toBe(false);
    expect(decryptPush(one, ua).toString()).toBe('عاجل: نص تجريبي');
    expect(encryptPayload(Buffer.alloc(MAX_PAYLOAD_BYTES, 97), ua).length).toBe(4096);
    expect(() => encryptPayload(Buffer.alloc(MAX_PAYLOAD_BYTES + 1), ua)).toThrow(RangeError);
  });
});

describe('VAPID keys', () => {
  // Creating a scratch PostgreSQL database takes seconds on a busy machine: those tests get 60 s.
  /** Two instances' stores on one database: one SQLite file, or one PostgreSQL database in the PostgreSQL pass. */
  async function twoStoresOnOneDatabase(): Promise<[DB, DB]> {
    if (TEST_DATABASE_URL) {
      const databaseUrl = await createScratchDatabase();
      const a = await openStore({ dataDir: ':memory:', databaseUrl });
      const b = await openStore({ dataDir: ':memory:', databaseUrl });
      trackStore(a.db);
      trackStore(b.db);
      return [a.db, b.db];
    }
    const dir = tempDir('keys-db');
    const a = await openStore({ dataDir: dir });
    const b = await openStore({ dataDir: dir });
    opened.push(a.db, b.db);
    return [a.db, b.db];
  }
  const opened: DB[] = [];
  afterAll(async () => {
    for (const d of opened) await d.destroy();
  });
  const keyHttp = (keys: () => Promise<VapidKeys>) =>
    createPushHttp({ db: async () => db, keys, allowLocal: false, proxyTrust: 0, limiter: storeLimiter(async () => db, { name: 'push', points: 0, durationSec: 3600 }) });
  const servedKey = async (keys: () => Promise<VapidKeys>) =>
    ((await (await keyHttp(keys).key(new Request(`${SITE}/api/push/key`))).json()) as { response: { publicKey: string } }).response.publicKey;

  it('are generated once into the store and reused; two instances on one database serve the same public key', async () => {
    const [a, b] = await twoStoresOnOneDatabase();
    // Both need keys at once on an empty store: one pair wins, both use it.
    const [first, second] = await Promise.all([loadVapidKeys({ db: a, dataDir: tempDir('keys-a') }), loadVapidKeys({ db: b, dataDir: tempDir('keys-b') })]);
    expect([first.source, second.source].sort()).toEqual(['generated', 'store']);
    expect(second.keys).toEqual(first.keys);
    expect(Buffer.from(first.keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.keys.privateKey, 'base64url')).toHaveLength(32);
    const again = await loadVapidKeys({ db: b, dataDir: tempDir('keys-c') });
    expect(again).toEqual({ keys: first.keys, source: 'store' });
    // GET /api/push/key of each instance.
    const onA = await servedKey(async () => (await loadVapidKeys({ db: a, dataDir: tempDir('keys-a2') })).keys);
    const onB = await servedKey(async () => (await loadVapidKeys({ db: b, dataDir: tempDir('keys-b2') })).keys);
    expect(onA).toBe(first.keys.publicKey);
    expect(onB).toBe(onA);
    expect(await a.selectFrom('push_keys').select(['name', 'origin']).execute()).toEqual([{ name: 'vapid', origin: 'generated' }]);
    }, 60_000);

  it('an install that kept its pair in DATA_DIR/push/vapid.json moves it into the store: its subscribers keep working everywhere', async () => {
    const [a, b] = await twoStoresOnOneDatabase();
    const dataDir = tempDir('keys-file');
    const old = generateVapidKeys();
    mkdirSync(path.dirname(vapidKeyFile(dataDir)), { recursive: true });
    writeFileSync(vapidKeyFile(dataDir), JSON.stringify({ ...old, createdAt: '2026-01-01T00:00:00.000Z' }));
    expect(await loadVapidKeys({ db: a, dataDir })).toEqual({ keys: old, source: 'file' });
    expect(await a.selectFrom('push_keys').select('origin').execute()).toEqual([{ origin: 'file' }]);
    // Another instance, without the file, signs with the same pair.
    expect(await loadVapidKeys({ db: b, dataDir: tempDir('keys-file-b') })).toEqual({ keys: old, source: 'store' });
    // An instance whose own file holds another pair uses the store's, and says so.
    const otherDir = tempDir('keys-file-other');
    mkdirSync(path.dirname(vapidKeyFile(otherDir)), { recursive: true });
    writeFileSync(vapidKeyFile(otherDir), JSON.stringify(generateVapidKeys()));
    const captured = captureLog();
    expect((await loadVapidKeys({ db: b, dataDir: otherDir, log: captured.log })).keys).toEqual(old);
    expect(captured.records).toHaveLength(1);
    expect(captured.records[0]).toMatchObject({ level: 40, msg: expect.stringContaining(vapidKeyFile(otherDir)) });
    }, 60_000);

  it('come from the configuration when set, and nothing is stored', async () => {
    const configured = generateVapidKeys();
    const loaded = await loadVapidKeys({ db, dataDir: tempDir('keys-config'), publicKey: configured.publicKey, privateKey: configured.privateKey });
    expect(loaded).toEqual({ keys: configured, source: 'config' });
    expect(await db.selectFrom('push_keys').selectAll().execute()).toEqual([]);
  });

  it('a damaged key file or stored pair stops with its name instead of being replaced', async () => {
    const [a] = await twoStoresOnOneDatabase();
    const dataDir = tempDir('keys-damaged');
    mkdirSync(path.dirname(vapidKeyFile(dataDir)), { recursive: true });
    writeFileSync(vapidKeyFile(dataDir), '{"publicKey":"x","privateKey":"y"}');
    await expect(loadVapidKeys({ db: a, dataDir })).rejects.toThrow(vapidKeyFile(dataDir));
    expect(await a.selectFrom('push_keys').selectAll().execute()).toEqual([]);
    await a.insertInto('push_keys').values({ name: 'vapid', public_key: 'x', private_key: 'y', origin: 'generated', created_at: '2026-11-25T10:00:00.000Z' }).execute();
    await expect(loadVapidKeys({ db: a, dataDir: tempDir('keys-damaged-2') })).rejects.toThrow(/push_keys/);
    }, 60_000);

  it('the configuration takes both keys or neither, as a matching pair, and never prints the private key', () => {
    const a = generateVapidKeys();
    const b = generateVapidKeys();
    const ok = parseConfig({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: a.privateKey, VAPID_SUBJECT: 'mailto:web@2m.ma' });
    expect(ok.VAPID_PUBLIC_KEY).toBe(a.publicKey);
    expect(parseConfig({}).VAPID_SUBJECT).toBe('mailto:web@2m.ma');

    const message = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(message({ VAPID_PUBLIC_KEY: a.publicKey })).toMatch(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    const half = message({ VAPID_PRIVATE_KEY: a.privateKey });
    expect(half).toMatch(/VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(message({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey })).toMatch(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    const bad = message({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: `${a.privateKey}AA` });
    expect(bad).toMatch(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
    expect(bad).not.toContain(a.privateKey);
    expect(message({ VAPID_SUBJECT: 'web@2m.ma' })).toMatch(/VAPID_SUBJECT: must be a mailto: or https: URL/);
  });
});

describe('push endpoints', () => {
  it('accepts https push services on public names only', () => {
    const strict = { allowLocal: false };
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/dXk2bJ:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm',
      'https://web.push.apple.com/QGx1ZQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect(checkEndpoint(ok, strict), ok).toMatchObject({ ok: true });
    }
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'https://printer.local/push',
      'https://metadata.google.internal/x',
      'https://intranet/push',
      'http://127.0.0.1:9000/push',
      'ftp://fcm.googleapis.com/x',
      'not a url',
      `https://fcm.googleapis.com/${'x'.repeat(2100)}`,
    ]) {
      expect(checkEndpoint(bad, strict), bad).toMatchObject({ ok: false });
    }
    // A local test push service, when allowed: loopback only.
    expect(checkEndpoint('http://127.0.0.1:9000/push', { allowLocal: true })).toMatchObject({ ok: true });
    expect(checkEndpoint('http://localhost:9000/push', { allowLocal: true })).toMatchObject({ ok: true });
    expect(checkEndpoint('http://10.0.0.5:9000/push', { allowLocal: true })).toMatchObject({ ok: false });
    expect(checkEndpoint('http://192.168.1.1/push', { allowLocal: true })).toMatchObject({ ok: false });
  });

  it('refuses names that resolve to non-public addresses when connecting', async () => {
    expect(isPublicAddress('142.250.201.10')).toBe(true);
    expect(isPublicAddress('2a00:1450:4007:80e::200a')).toBe(true);
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '0.0.0.0']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    const resolve = (allowLocal: boolean) =>
      new Promise<string>((ok, fail) =>
        guardedLookup({ allowLocal })('localhost', { family: 4 }, (error, address) => (error ? fail(error) : ok(String(address)))),
      );
    await expect(resolve(false)).rejects.toThrow(/not a public address/);
    await expect(resolve(true)).resolves.toBe('127.0.0.1');
  });

  it('local endpoints are accepted outside production, or in production when configured', () => {
    expect(allowLocalEndpoints(parseConfig({}))).toBe(false);
    expect(allowLocalEndpoints(parseConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }))).toBe(true);
    expect(allowLocalEndpoints(parseConfig({ NODE_ENV: 'development' }))).toBe(true);
  });
});

/* ---- the store ---- */

let dataDir: string;
let db: DB;

beforeAll(async () => {
  dataDir = tempDir('store');
  ({ db } = await openStore({ dataDir }));
});
afterAll(async () => {
  await db?.destroy();
});

async function subscriptions() {
  return db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();
}

describe('subscribe and unsubscribe endpoints', () => {
  const keys = generateVapidKeys();
  let limit = 100;
  const http = () =>
    createPushHttp({
      db: async () => db,
      keys: async () => keys,
      allowLocal: false,
      proxyTrust: 0,
      limiter: storeLimiter(async () => db, { name: 'push', points: limit, durationSec: 3600 }),
      now: () => new Date('2026-11-25T10:00:00.000Z'),
    });
  const post = (what: 'subscribe' | 'unsubscribe', body: unknown, headers: Record<string, string> = {}) =>
    http()[what](
      new Request(`${SITE}/api/push/${what}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
      '203.0.113.9',
    );
  const ua = browserSubscription();
  const valid = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:APA91b', keys: { p256dh: ua.p256dh, auth: ua.auth }, expirationTime: null };

  beforeEach(async () => {
    limit = 100;
    await db.deleteFrom('push_subscriptions').execute();
  });

  it('GET /api/push/key answers the VAPID public key', async () => {
    const res = await http().key(new Request(`${SITE}/api/push/key`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
    expect(await res.json()).toEqual({ header: { status: 'OK', code: 200 }, response: { publicKey: keys.publicKey } });
    expect((await http().key(new Request(`${SITE}/api/push/key`, { method: 'POST' }))).status).toBe(405);
  });

  it('stores a subscription with its language, and a second one for the same endpoint updates it', async () => {
    const res = await post('subscribe', { ...valid, lang: 'fr' }, { locale: 'ar' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { header: { message: string }; response: unknown };
    expect(body.response).toEqual({ subscribed: true });
    expect(body.header.message).toBe('Alertes info activées.');
    expect(await subscriptions()).toMatchObject([{ endpoint: valid.endpoint, p256dh: ua.p256dh, auth: ua.auth, lang: 'fr', failures: 0 }]);

    await db.updateTable('push_subscriptions').set({ failures: 3, last_status: 500 }).execute();
    const renewed = browserSubscription();
    expect((await post('subscribe', { ...valid, keys: { p256dh: renewed.p256dh, auth: renewed.auth }, lang: 'ar' })).status).toBe(200);
    expect(await subscriptions()).toMatchObject([{ endpoint: valid.endpoint, p256dh: renewed.p256dh, auth: renewed.auth, lang: 'ar', failures: 0, last_status: null }]);
  });

  it('takes the language from the locale header when the body has none', async () => {
    expect((await post('subscribe', valid, { locale: 'fr' })).status).toBe(200);
    expect((await subscriptions())[0]?.lang).toBe('fr');
  });

  it('answers 422 with one message per field in the visitor language, never 400, and stores nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['endpoint', 'keys']],
      [{ ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, ['endpoint']],
      [{ ...valid, endpoint: 'https://169.254.169.254/latest' }, ['endpoint']],
      [{ ...valid, endpoint: 'http://127.0.0.1:9000/push' }, ['endpoint']],
      [{ ...valid, keys: { p256dh: `${ua.p256dh.slice(0, -4)}AAAA`, auth: ua.auth } }, ['keys.p256dh']],
      [{ ...valid, keys: { p256dh: ua.p256dh, auth: 'c2hvcnQ' } }, ['keys.auth']],
      [{ ...valid, keys: { p256dh: ua.p256dh } }, ['keys.auth']],
      [{ ...valid, lang: 'en' }, ['lang']],
      ['{"endpoint": ', ['form']],
      ['[1, 2]', ['form']],
    ];
    for (const [body, fields] of cases) {
      const res = await post('subscribe', body, { locale: 'fr' });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const json = (await res.json()) as { header: { status: string; errors: Record<string, string[]> } };
      expect(json.header.status).toBe('ERROR');
      expect(Object.keys(json.header.errors).sort(), JSON.stringify(body)).toEqual(fields.sort());
    }
    const ar = (await (await post('subscribe', { ...valid, endpoint: 'http://x.example/p' }, { locale: 'ar' })).json()) as {
      header: { errors: Record<string, string[]> };
    };
    expect(ar.header.errors.endpoint).toEqual(['عنوان الاشتراك مرفوض: يجب أن يكون عنوان https لخدمة إشعارات.']);
    expect(await subscriptions()).toEqual([]);
  });

  it('takes JSON only (415), 4 KB at most (413), POST only (405)', async () => {
    const form = await post('subscribe', new URLSearchParams({ endpoint: valid.endpoint }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect((await post('subscribe', { ...valid, padding: 'x'.repeat(5000) })).status).toBe(413);
    expect((await http().subscribe(new Request(`${SITE}/api/push/subscribe`), '203.0.113.9')).status).toBe(405);
    expect(await subscriptions()).toEqual([]);
  });

  it('limits valid requests per address and hour (429 with Retry-After)', async () => {
    limit = 2;
    await db.deleteFrom('rate_limits').execute();
    const h = http();
    const send = () =>
      h.subscribe(
        new Request(`${SITE}/api/push/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) }),
        '203.0.113.9',
      );
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const third = await send();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('unsubscribes only with the subscription auth secret', async () => {
    await post('subscribe', valid);
    const wrong = await post('unsubscribe', { endpoint: valid.endpoint, keys: { auth: browserSubscription().auth } });
    expect(wrong.status).toBe(200);
    expect(await subscriptions()).toHaveLength(1);
    expect((await post('unsubscribe', { endpoint: valid.endpoint })).status).toBe(422);
    const right = await post('unsubscribe', { endpoint: valid.endpoint, keys: { auth: ua.auth } });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ response: { unsubscribed: true } });
    expect(await subscriptions()).toEqual([]);
  });
});

/* ---- sending ---- */

describe('breaking news through a local push service', () => {
  let service: FakePushService;
  let keys: VapidKeys;
  let config: Config;
  const browsers = new Map<string, BrowserSubscription>();
  let arId = 0;
  let frId = 0;
  let loneId = 0;

  async function article(over: Partial<NewRow<'articles'>> & Pick<NewRow<'articles'>, 'lang' | 'slug' | 'title' | 'translation_key'>) {
    const row = await db
      .insertInto('articles')
      .values({
        subtitle: '',
        body_html: '<p>…</p>',
        status: 'published',
        published_at: new Date(Date.now() - 3600_000).toISOString(),
        updated_at: new Date(Date.now() - 3600_000).toISOString(),
        search_text: over.title,
        ...over,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function subscribe(name: string, lang: 'ar' | 'fr') {
    const b = browserSubscription();
    browsers.set(`/push/${name}`, b);
    await db
      .insertInto('push_subscriptions')
      .values({ endpoint: service.endpoint(name), p256dh: b.p256dh, auth: b.auth, lang, created_at: 'x', updated_at: 'x' })
      .execute();
  }

  beforeAll(async () => {
    service = await startFakePushService();
    keys = generateVapidKeys();
    config = parseConfig({ SITE_URL: SITE, DATA_DIR: dataDir, VAPID_SUBJECT: 'mailto:web@2m.ma', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
    const image = await db
      .insertInto('images')
      .values({
        url: '/media/img/breaking.jpg',
        width: 1280,
        height: 720,
        mime: 'image/jpeg',
        bytes: 1000,
        alt_ar: '',
        alt_fr: '',
        credit: null,
        variants: JSON.stringify([{ url: '/media/img/breaking-480.jpg', width: 480, height: 270 }, { url: '/media/img/breaking-800.jpg', width: 800, height: 450 }]),
        color: '#224466',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = await db
      .insertInto('master_tags')
      .values({ lang: 'fr', translation_key: 'societe', name: 'Société', route_name: 'societe', parent_id: null, position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    arId = await article({ lang: 'ar', slug: 'zilzal', translation_key: 'story-1', title: 'زلزال بقوة 5 درجات يضرب إقليم الحوز', subtitle: 'لا خسائر بشرية حسب السلطات', cover_image_id: image.id });
    frId = await article({
      lang: 'fr',
      slug: 'seisme-al-haouz',
      translation_key: 'story-1',
      title: 'Un séisme de magnitude 5 frappe la province d’Al Haouz',
      subtitle: 'Aucune victime selon les autorités',
      cover_image_id: image.id,
      master_tag_id: tag.id,
    });
    loneId = await article({ lang: 'ar', slug: 'khabar', translation_key: 'story-2', title: 'خبر عاجل بالعربية فقط' });
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(async () => {
    service.received.length = 0;
    service.answer = () => 201;
    browsers.clear();
    await db.deleteFrom('push_subscriptions').execute();
  });

  const send = (articleId: number, over: Partial<Parameters<typeof sendBreakingNews>[0]> = {}) =>
    sendBreakingNews({
      db,
      config,
      articleId,
      keys: { keys, source: 'config' },
      transport: httpTransport({ allowLocal: true, timeoutMs: 5000 }),
      concurrency: 3,
      ...over,
    });

  function opened(path: string) {
    const push = service.received.find((r) => r.path === path);
    if (!push) throw new Error(`nothing received at ${path}`);
    return { push, payload: JSON.parse(decryptPush(push.body, browsers.get(path)!).toString('utf8')) as Record<string, unknown> };
  }

  it('reaches each subscriber in their language, signed with VAPID, encrypted to their key', async () => {
    await subscribe('fr-1', 'fr');
    await subscribe('ar-1', 'ar');
    const before = Date.now();
    const outcome = await send(arId);
    expect(outcome.kind).toBe('sent');
    if (outcome.kind !== 'sent') return;
    expect(outcome.summary).toEqual({ total: 2, sent: 2, dropped: 0, failed: 0, failures: {} });
    expect(service.received).toHaveLength(2);

    for (const push of service.received) {
      expect(push.method).toBe('POST');
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers['content-type']).toBe('application/octet-stream');
      expect(push.headers['ttl']).toBe(String(6 * 3600));
      expect(push.headers['urgency']).toBe('high');
      expect(push.headers['topic']).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      const { claims, publicKey, jwtHeader } = verifyVapid(push.headers['authorization']);
      expect(jwtHeader).toEqual({ typ: 'JWT', alg: 'ES256' });
      expect(publicKey).toBe(keys.publicKey);
      expect(claims.aud).toBe(service.origin);
      expect(claims.sub).toBe('mailto:web@2m.ma');
      expect(claims.exp * 1000).toBeGreaterThan(before);
      expect(claims.exp * 1000).toBeLessThanOrEqual(before + 24 * 3600_000);
    }

    const fr = opened('/push/fr-1').payload;
    expect(fr).toMatchObject({
      v: 1,
      kind: 'breaking',
      title: 'Un séisme de magnitude 5 frappe la province d’Al Haouz',
      body: 'Aucune victime selon les autorités',
      url: `${SITE}/fr/societe/seisme-al-haouz`,
      image: `${SITE}/media/img/breaking-800.jpg`,
      icon: `${SITE}/favicon.svg`,
      lang: 'fr',
      dir: 'ltr',
    });
    const ar = opened('/push/ar-1').payload;
    expect(ar).toMatchObject({
      title: 'زلزال بقوة 5 درجات يضرب إقليم الحوز',
      body: 'لا خسائر بشرية حسب السلطات',
      url: `${SITE}/ar/news/${encodeURIComponent('zilzal')}`,
      lang: 'ar',
      dir: 'rtl',
    });
    // One story, one tag and topic: a repeat replaces it.
    expect(ar.tag).toBe(fr.tag);
    expect(opened('/push/ar-1').push.headers['topic']).toBe(opened('/push/fr-1').push.headers['topic']);

    const rows = await subscriptions();
    expect(rows.every((r) => r.last_success_at !== null && r.failures === 0)).toBe(true);
  });

  it('sends the original to subscribers of a language without a translation', async () => {
    await subscribe('fr-2', 'fr');
    const outcome = await send(loneId);
    expect(outcome.kind === 'sent' && outcome.news.fallbacks).toEqual(['fr']);
    expect(opened('/push/fr-2').payload).toMatchObject({ title: 'خبر عاجل بالعربية فقط', lang: 'ar', dir: 'rtl' });
  });

  it('drops subscriptions answered 404 or 410, keeps and counts those answered 500', async () => {
    await subscribe('ok', 'fr');
    await subscribe('gone', 'fr');
    await subscribe('missing', 'ar');
    await subscribe('broken', 'ar');
    service.answer = (p) => (p.endsWith('/gone') ? 410 : p.endsWith('/missing') ? 404 : p.endsWith('/broken') ? 500 : 201);
    const outcome = await send(frId);
    expect(outcome.kind === 'sent' && outcome.summary).toEqual({ total: 4, sent: 1, dropped: 2, failed: 1, failures: { '500': 1 } });
    const rows = await subscriptions();
    expect(rows.map((r) => r.endpoint.split('/').pop()).sort()).toEqual(['broken', 'ok']);
    expect(rows.find((r) => r.endpoint.endsWith('/broken'))).toMatchObject({ failures: 1, last_status: 500, last_success_at: null });

    // The next send tries it again; a success clears the count.
    service.answer = () => 201;
    await send(frId);
    expect((await subscriptions()).find((r) => r.endpoint.endsWith('/broken'))).toMatchObject({ failures: 0, last_status: null });
  });

  it('never posts to a stored endpoint the rules refuse', async () => {
    await db
      .insertInto('push_subscriptions')
      .values({ endpoint: 'http://10.0.0.7/push/x', p256dh: browserSubscription().p256dh, auth: browserSubscription().auth, lang: 'fr', created_at: 'x', updated_at: 'x' })
      .execute();
    let called = 0;
    const outcome = await send(frId, { transport: async () => ((called += 1), { status: 201, body: '' }) });
    expect(called).toBe(0);
    expect(outcome.kind === 'sent' && outcome.summary).toMatchObject({ total: 1, failed: 1, failures: { '0': 1 } });
  });

  it('an unknown or unpublished article sends nothing', async () => {
    await subscribe('fr-3', 'fr');
    expect(await send(999_999)).toEqual({ kind: 'unknown-article' });
    const draft = await article({ lang: 'fr', slug: 'brouillon', translation_key: 'story-3', title: 'Brouillon', status: 'draft' });
    expect(await send(draft)).toEqual({ kind: 'unknown-article' });
    expect(service.received).toEqual([]);
  });

  it('many subscribers: bounded concurrency, every one served once', async () => {
    for (let i = 0; i < 25; i += 1) await subscribe(`many-${i}`, i % 2 ? 'ar' : 'fr');
    let inFlight = 0;
    let most = 0;
    const transport = httpTransport({ allowLocal: true });
    const summary = await sendToAll({
      db,
      keys,
      subject: 'mailto:web@2m.ma',
      allowLocal: true,
      payloadFor: (lang) => ({ title: lang }),
      ttlSeconds: 60,
      urgency: 'high',
      concurrency: 4,
      transport: async (req) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          return await transport(req);
        } finally {
          inFlight -= 1;
        }
      },
    });
    expect(summary).toMatchObject({ total: 25, sent: 25 });
    expect(most).toBeLessThanOrEqual(4);
    expect(new Set(service.received.map((r) => r.path)).size).toBe(25);
  });
});

/* ---- the prompt's moment ---- */

describe('when the prompt may show', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  };

  it('counts the pages of a visit, not reloads of the same page', () => {
    const session = memory();
    expect(countPage(session, '/fr')).toBe(1);
    expect(countPage(session, '/fr')).toBe(1);
    expect(countPage(session, '/fr/guidetv')).toBe(2);
    expect(countPage(session, '/fr')).toBe(3);
    session.setItem('pushPromptPages', 'not json');
    expect(countPage(session, '/ar')).toBe(1);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(countPage(broken, '/fr')).toBe(1);
    expect(countPage(broken, '/fr/guidetv')).toBe(1);
  });

  it('remembers "not now" for 30 days', () => {
    const local = memory();
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(dismissedRecently(local, now)).toBe(false);
    rememberDismissal(local, now);
    expect(dismissedRecently(local, now + (DISMISS_DAYS - 1) * 24 * 3600_000)).toBe(true);
    expect(dismissedRecently(local, now + DISMISS_DAYS * 24 * 3600_000)).toBe(false);
  });
});

/* ---- the service worker ---- */

describe('service worker', () => {
  type Listener = (event: Record<string, unknown>) => void;
  let listeners: Map<string, Listener>;
  let shown: { title: string; options: Record<string, unknown> }[];
  let opened: string[];
  let focused: string[];
  let windows: { url: string }[];
  let waited: Promise<unknown>[];

  beforeEach(async () => {
    listeners = new Map();
    shown = [];
    opened = [];
    focused = [];
    windows = [];
    waited = [];
    const self = {
      location: { origin: 'https://www.2m.ma' },
      registration: {
        showNotification: async (title: string, options: Record<string, unknown>) => {
          shown.push({ title, options });
        },
      },
      clients: {
        matchAll: async () => windows.map((w) => ({ url: w.url, focus: async () => focused.push(w.url) })),
        openWindow: async (url: string) => opened.push(url),
        claim: async () => {},
      },
      skipWaiting: async () => {},
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    };
    runInNewContext(await compileServiceWorker(), { self, URL });
  });

  afterEach(() => {
    listeners.clear();
  });

  const dispatch = async (type: string, event: Record<string, unknown>) => {
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waited.push(p) });
    await Promise.all(waited);
  };

  it('has push and notificationclick handlers and no fetch handler', () => {
    expect([...listeners.keys()].sort()).toEqual(['activate', 'install', 'notificationclick', 'push']);
  });

  it('shows the breaking news in its language and direction, tagged by story', async () => {
    const payload = {
      v: 1,
      kind: 'breaking',
      title: 'زلزال يضرب إقليم الحوز',
      body: 'لا خسائر بشرية',
      url: 'https://www.2m.ma/ar/news/zilzal',
      image: 'https://www.2m.ma/media/img/a.jpg',
      icon: 'https://www.2m.ma/favicon.svg',
      lang: 'ar',
      dir: 'rtl',
      tag: 'breaking-abc',
      timestamp: 1_790_000_000_000,
    };
    await dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(shown).toEqual([
      {
        title: 'زلزال يضرب إقليم الحوز',
        options: {
          body: 'لا خسائر بشرية',
          icon: 'https://www.2m.ma/favicon.svg',
          data: { url: 'https://www.2m.ma/ar/news/zilzal' },
          lang: 'ar',
          dir: 'rtl',
          image: 'https://www.2m.ma/media/img/a.jpg',
          tag: 'breaking-abc',
          renotify: true,
          timestamp: 1_790_000_000_000,
        },
      },
    ]);
  });

  it('still shows something for a message that is not JSON, and never links off the site', async () => {
    await dispatch('push', { data: { json: () => JSON.parse('x'), text: () => 'Bonjour' } });
    await dispatch('push', { data: { json: () => ({ title: 'Piège', url: 'https://evil.example/x' }), text: () => '' } });
    await dispatch('push', { data: null });
    expect(shown.map((s) => [s.title, s.options.body, (s.options.data as { url: string }).url])).toEqual([
      ['2M', 'Bonjour', 'https://www.2m.ma/'],
      ['Piège', '', 'https://www.2m.ma/'],
      ['2M', '', 'https://www.2m.ma/'],
    ]);
  });

  it('a click focuses the tab already on the article, else opens it', async () => {
    const notification = (url: string) => ({ notification: { data: { url }, close: () => {} } });
    windows = [{ url: 'https://www.2m.ma/fr' }, { url: 'https://www.2m.ma/fr/societe/seisme#top' }];
    await dispatch('notificationclick', notification('https://www.2m.ma/fr/societe/seisme'));
    expect(focused).toEqual(['https://www.2m.ma/fr/societe/seisme#top']);
    expect(opened).toEqual([]);
    await dispatch('notificationclick', notification('https://www.2m.ma/ar/news/zilzal'));
    expect(opened).toEqual(['https://www.2m.ma/ar/news/zilzal']);
  });
});
