/**
 * The newsletter's unsubscribe page (src/server/forms/link-pages.ts): GET
 * only asks; POST unsubscribes, with the token in the query (the link, a
 * mail provider's RFC 8058 one-click POST) or in the form's body, which is
 * read within its bound like every form's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, type DB } from '../../src/server/db/index.ts';
import { unsubscribePage } from '../../src/server/forms/link-pages.ts';
import { newToken } from '../../src/server/forms/tokens.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'unsubscribe-page-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'test';
delete process.env.DATABASE_URL;

const SITE = 'http://localhost:4321';
let db: DB;

async function contact(email: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('newsletter_contacts')
    .values({ email, lang: 'fr', status: 'confirmed', token: '', confirmed_at: new Date().toISOString(), unsubscribe_token: token })
    .execute();
  return token;
}

const status = async (email: string) =>
  (await db.selectFrom('newsletter_contacts').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  db = await getDb();
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the unsubscribe page', () => {
  it('asks on GET, unsubscribes on a one-click POST with the token in the query', async () => {
    const token = await contact('one-click@example.ma');
    const url = new URL(`${SITE}/fr/newsletter/unsubscribe?token=${token}`);
    expect(await unsubscribePage(new Request(url), url, 'fr')).toMatchObject({ status: 200, state: 'ask' });
    expect(await status('one-click@example.ma')).toBe('confirmed');
    const oneClick = new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(await unsubscribePage(oneClick, url, 'fr')).toMatchObject({ status: 200, state: 'done' });
    expect(await status('one-click@example.ma')).toBe('unsubscribed');
  });

  it('takes the token from the form body, and refuses an oversized body as an unknown token (404), changing nothing', async () => {
    const token = await contact('form@example.ma');
    const url = new URL(`${SITE}/ar/newsletter/unsubscribe`);
    const post = (body: string) => new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(await unsubscribePage(post(`token=${token}&pad=${'x'.repeat(8000)}`), url, 'ar')).toMatchObject({ status: 404, state: 'invalid' });
    expect(await status('form@example.ma')).toBe('confirmed');
    expect(await unsubscribePage(post(`token=${token}`), url, 'ar')).toMatchObject({ status: 200, state: 'done' });
    expect(await status('form@example.ma')).toBe('unsubscribed');
  });
});
