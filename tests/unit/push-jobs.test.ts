/**
 * Breaking-news pushes from the desk as jobs (ADR 042), against a local
 * push service (tests/support/push-service.ts): one language's
 * subscribers each get the story once, in batches; an expired subscription
 * (404, 410) is removed; a job resumed after a restart sends to those it
 * had not reached, and to nobody it had.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../src/server/config.ts';
import { openStore, type DB } from '../../src/server/db/index.ts';
import { createPushJob, pushProgress, runPushBatch } from '../../src/server/push/jobs.ts';
import { browserSubscription, decryptPush, startFakePushService, type BrowserSubscription, type FakePushService } from '../support/push-service.ts';

let dir: string;
let db: DB;
let service: FakePushService;
let config: Config;
let story: number;
const browsers = new Map<string, BrowserSubscription>();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), '2m-push-jobs-'));
  db = (await openStore({ dataDir: dir })).db;
  service = await startFakePushService((p) => (p.endsWith('/gone') ? 410 : 201));
  config = parseConfig({ SITE_URL: 'https://www.2m.ma', DATA_DIR: dir, VAPID_SUBJECT: 'mailto:web@2m.ma', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' });
  const at = new Date(Date.now() - 3600_000).toISOString();
  story = Number(
    (await db.insertInto('articles').values({ lang: 'fr', slug: 'alerte', translation_key: 'alerte', title: 'Alerte météo sur le Rif', subtitle: 'Fortes pluies', body_html: '<p>…</p>', status: 'published', published_at: at, updated_at: at, search_text: 'alerte' }).returning('id').executeTakeFirstOrThrow()).id,
  );
  const subscribe = async (name: string, lang: 'ar' | 'fr') => {
    const b = browserSubscription();
    browsers.set(`/push/${name}`, b);
    await db.insertInto('push_subscriptions').values({ endpoint: service.endpoint(name), p256dh: b.p256dh, auth: b.auth, lang, created_at: at, updated_at: at }).execute();
  };
  for (let i = 0; i < 70; i++) await subscribe(`fr-${i}`, 'fr');
  await subscribe('gone', 'fr');
  await subscribe('ar-0', 'ar');
});

afterAll(async () => {
  await service.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

it('sends to each subscriber of the language once, drops the expired, and resumes without repeating', async () => {
  expect(await createPushJob(db, { articleId: 999_999, lang: 'fr', siteUrl: config.SITE_URL, createdBy: null })).toBeNull();
  const job = (await createPushJob(db, { articleId: story, lang: 'fr', siteUrl: config.SITE_URL, createdBy: null }))!;
  expect(job.recipients).toBe(71);

  // The first batch, then a "restart": the job row as the store has it, a new run.
  expect(await runPushBatch(db, job, { config })).toBe(false);
  const first = service.received.length;
  expect(first).toBe(64);
  const reloaded = await db.selectFrom('push_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
  expect(await runPushBatch(db, reloaded, { config })).toBe(false);
  expect(await runPushBatch(db, reloaded, { config })).toBe(true);

  const paths = service.received.map((r) => r.path);
  expect(paths).toHaveLength(71);
  expect(new Set(paths).size).toBe(71);
  expect(paths).not.toContain('/push/ar-0');
  const one = service.received.find((r) => r.path === '/push/fr-3')!;
  expect(one.headers.urgency).toBe('high');
  expect(one.headers.topic).toBe(job.topic);
  expect(JSON.parse(decryptPush(one.body, browsers.get('/push/fr-3')!).toString('utf8'))).toMatchObject({ kind: 'breaking', title: 'Alerte météo sur le Rif', lang: 'fr' });

  // The expired subscription is gone; the counts say so.
  expect(await db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', service.endpoint('gone')).execute()).toEqual([]);
  const done = await db.selectFrom('push_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
  expect(done.state).toBe('sent');
  expect(await pushProgress(db, done)).toEqual({ recipients: 71, sent: 70, dropped: 1, failed: 0, remaining: 0 });
});
