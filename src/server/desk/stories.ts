/**
 * Desk stories in the store (docs/desk.md "Stories", ADR 033).
 *
 * A story is an `articles` row from its creation (status `draft`, `review`;
 * public queries show only `published`), with the desk's working copy in
 * `desk_stories` (a document and its lock version `rev`) and its history in
 * `desk_revisions`. Its state for the desk:
 *
 *   draft → review → published or scheduled (published_at ahead: the
 *   newsroom's embargo) → updated (a new version) → withdrawn (410)
 *
 * Saving names the rev it started from: a stale one changes nothing and
 * answers the stored version (409), never a silent overwrite. Publishing,
 * scheduling and withdrawing go through the newsroom's content service
 * (src/server/newsroom/articles.ts: one transaction with its change-feed
 * record, so the pages are re-rendered and purged), with the desk's rows
 * and audit in that same transaction.
 */
import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database, DeskRole, Row } from '../db/schema.ts';
import { otherLocale, type Locale } from '../../i18n/locales.ts';
import { upsertNinjsArticle, withdrawNinjsArticle } from '../newsroom/articles.ts';
import { normalizeSearchText } from '../../lib/normalize.ts';
import { articlePath } from '../../lib/paths.ts';
import { emptyDoc, type StoryAction, type StoryDetail, type StoryDoc, type StoryState } from '../../lib/desk-story.ts';
import { deskAudit, type DeskAuditEntry } from './audit.ts';
import { articleOfDoc, checkDoc, docOfArticle, parseStoredDoc, publishProblems, slugOf } from './document.ts';

type Trx = Transaction<Database>;
type Person = Pick<Row<'desk_users'>, 'id' | 'name' | 'email' | 'role'>;

/** Autosaves by one person within this long fold into one revision. */
const FOLD_MS = 10 * 60_000;

export function storyState(a: Pick<Row<'articles'>, 'status' | 'published_at'>, now = new Date()): StoryState {
  if (a.status === 'draft' || a.status === 'review' || a.status === 'withdrawn') return a.status;
  return a.published_at > now.toISOString() ? 'scheduled' : 'published';
}

/** What a person may do with a story in a state: journalists write and submit their own drafts; editors and admins do everything. */
function allowedActions(role: DeskRole, personId: number, state: StoryState, ownerId: number | null, pending: boolean): StoryAction[] {
  if (role === 'journalist') {
    if (ownerId !== personId) return [];
    if (state === 'draft') return ['edit', 'submit'];
    if (state === 'review') return ['unsubmit'];
    return [];
  }
  switch (state) {
    case 'draft':
      return ['edit', 'submit', 'publish', 'schedule'];
    case 'review':
      return ['edit', 'unsubmit', 'publish', 'schedule'];
    case 'scheduled':
      return ['edit', 'publish', 'schedule', 'unschedule'];
    case 'published':
      return pending ? ['edit', 'publish', 'withdraw'] : ['edit', 'withdraw'];
    case 'withdrawn':
      return ['edit', 'publish'];
  }
}

export class StoryRefused extends Error {
  readonly status: 403 | 404 | 409 | 422;
  readonly errors: Record<string, string[]> | undefined;
  readonly current: StoryDetail | undefined;
  constructor(status: 403 | 404 | 409 | 422, opts: { errors?: Record<string, string[]>; current?: StoryDetail | undefined } = {}) {
    super(`story refused (${status})`);
    this.status = status;
    this.errors = opts.errors;
    this.current = opts.current;
  }
}

/** The desk's row of an article, made from the article the first time the desk opens it. */
async function ensureStory(db: DB, articleId: number, person: Person | null, now = new Date()): Promise<Row<'desk_stories'> | null> {
  const found = await db.selectFrom('desk_stories').selectAll().where('article_id', '=', articleId).executeTakeFirst();
  if (found) return found;
  const a = await db.selectFrom('articles').selectAll().where('id', '=', articleId).executeTakeFirst();
  if (!a) return null;
  const doc = await docOfArticle(db, a);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // The content service finds an article by its ninjs uri: one the newsroom API did not send gets the site's own.
    if (a.ninjs_uri === null) await trx.updateTable('articles').set({ ninjs_uri: `urn:2m:article:${a.id}` }).where('id', '=', a.id).where('ninjs_uri', 'is', null).execute();
    await trx
      .insertInto('desk_stories')
      .values({ article_id: a.id, rev: 1, doc: JSON.stringify(doc), owner_id: null, pending: 0, created_at: at, updated_at: at, updated_by: person?.id ?? null })
      .onConflict((oc) => oc.column('article_id').doNothing())
      .execute();
    const has = await trx.selectFrom('desk_revisions').select('id').where('article_id', '=', a.id).executeTakeFirst();
    if (!has) await trx.insertInto('desk_revisions').values({ article_id: a.id, number: 1, kind: 'import', rev: 1, doc: JSON.stringify(doc), user_id: null, created_at: at }).execute();
  });
  return (await db.selectFrom('desk_stories').selectAll().where('article_id', '=', articleId).executeTakeFirst()) ?? null;
}

export async function storyDetail(db: DB, articleId: number, person: Person, now = new Date()): Promise<StoryDetail | null> {
  const story = await ensureStory(db, articleId, person, now);
  if (!story) return null;
  const a = await db
    .selectFrom('articles')
    .leftJoin('master_tags', 'master_tags.id', 'articles.master_tag_id')
    .selectAll('articles')
    .select('master_tags.route_name')
    .where('articles.id', '=', articleId)
    .executeTakeFirstOrThrow();
  const state = storyState(a, now);
  const doc = parseStoredDoc(story.doc);
  const names = await db
    .selectFrom('desk_users')
    .select(['id', 'name'])
    .where('id', 'in', [story.owner_id ?? -1, story.updated_by ?? -1])
    .execute();
  const nameOf = (id: number | null) => names.find((n) => n.id === id)?.name ?? null;
  const translation = await db
    .selectFrom('articles')
    .select(['id', 'lang', 'status', 'published_at', 'title'])
    .where('translation_key', '=', a.translation_key)
    .where('id', '!=', a.id)
    .where('lang', '!=', a.lang)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const shown = a.status === 'published' || a.status === 'withdrawn';
  const path = articlePath(a.lang, a.route_name, a.slug);
  return {
    id: a.id,
    lang: a.lang,
    state,
    rev: story.rev,
    doc,
    pending: story.pending === 1,
    owner: story.owner_id !== null ? { id: story.owner_id, name: nameOf(story.owner_id) ?? '' } : null,
    updatedAt: story.updated_at,
    updatedBy: nameOf(story.updated_by),
    slug: slugOf(doc),
    live: shown ? { path, version: a.ninjs_version ?? 1, publishedAt: a.published_at } : null,
    translation: translation ? { id: translation.id, lang: translation.lang, state: storyState(translation, now), title: translation.title } : null,
    actions: allowedActions(person.role, person.id, state, story.owner_id, story.pending === 1),
  };
}

/** A new draft in `lang`, owned by `person`; a translation shares its original's translation key (ninjs altids). */
export async function createStory(db: DB, lang: Locale, person: Person, opts: { translationKey?: string; doc?: StoryDoc } = {}, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const random = crypto.randomBytes(9).toString('base64url');
  const doc = opts.doc ?? emptyDoc();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('articles')
      .values({
        lang,
        translation_key: opts.translationKey ?? `desk:${random}`,
        slug: `desk-draft-${random}`,
        title: doc.title,
        subtitle: doc.summary,
        body_html: '',
        cover_image_id: null,
        video_id: null,
        master_tag_id: doc.sectionId,
        dossier_id: null,
        author_id: null,
        programme_id: null,
        status: 'draft',
        published_at: at,
        updated_at: at,
        search_text: normalizeSearchText([doc.title, doc.summary].join(' ')),
        ninjs_uri: `urn:2m:desk:${random}`,
        ninjs_version: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('desk_stories').values({ article_id: id, rev: 1, doc: JSON.stringify(doc), owner_id: person.id, pending: 0, created_at: at, updated_at: at, updated_by: person.id }).execute();
    await trx.insertInto('desk_revisions').values({ article_id: id, number: 1, kind: 'create', rev: 1, doc: JSON.stringify(doc), user_id: person.id, created_at: at }).execute();
    await deskAudit(trx, { user: person, action: 'story.create', itemType: 'story', itemId: id, after: { rev: 1, lang, translationOf: opts.translationKey ?? null } }, now);
    return id;
  });
}

/** Writes a revision: a save by the same person within minutes of their last save folds into it. */
async function addRevision(trx: Trx, articleId: number, kind: string, rev: number, doc: StoryDoc, userId: number, now: Date): Promise<number> {
  const last = await trx.selectFrom('desk_revisions').selectAll().where('article_id', '=', articleId).orderBy('number', 'desc').executeTakeFirst();
  if (kind === 'save' && last && last.kind === 'save' && last.user_id === userId && now.getTime() - Date.parse(last.created_at) < FOLD_MS) {
    await trx.updateTable('desk_revisions').set({ rev, doc: JSON.stringify(doc), created_at: now.toISOString() }).where('id', '=', last.id).execute();
    return last.number;
  }
  const number = (last?.number ?? 0) + 1;
  await trx.insertInto('desk_revisions').values({ article_id: articleId, number, kind, rev, doc: JSON.stringify(doc), user_id: userId, created_at: now.toISOString() }).execute();
  return number;
}

/** A story never shown keeps its list fields (headline, summary, section, search text, time) in step with the working copy. */
async function mirrorDraft(trx: Trx, a: Pick<Row<'articles'>, 'id' | 'status'>, doc: StoryDoc, now: Date): Promise<void> {
  if (a.status !== 'draft' && a.status !== 'review') return;
  await trx
    .updateTable('articles')
    .set({
      title: doc.title,
      subtitle: doc.summary,
      master_tag_id: doc.sectionId,
      search_text: normalizeSearchText([doc.title, doc.summary, ...doc.tags.map((t) => t.name)].join(' ')),
      updated_at: now.toISOString(),
    })
    .where('id', '=', a.id)
    .execute();
}

interface Locked {
  article: Row<'articles'>;
  story: Row<'desk_stories'>;
}

/** Moves a story to rev+1 if it is still at `rev`; else throws the 409 with what is stored. */
async function bump(trx: Trx, articleId: number, rev: number, set: Partial<Pick<Row<'desk_stories'>, 'doc' | 'pending' | 'owner_id'>>, person: Person, now: Date): Promise<void> {
  const r = await trx
    .updateTable('desk_stories')
    .set({ ...set, rev: rev + 1, updated_at: now.toISOString(), updated_by: person.id })
    .where('article_id', '=', articleId)
    .where('rev', '=', rev)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new StaleRev();
}

class StaleRev extends Error {}

/** Runs `work` on a story the person may act on at `rev`; a stale rev answers 409 with the stored story. */
async function withStory<T>(
  db: DB,
  articleId: number,
  rev: number,
  person: Person,
  action: StoryAction,
  work: (locked: Locked, state: StoryState) => Promise<T>,
  now: Date,
): Promise<T> {
  const story = await ensureStory(db, articleId, person, now);
  if (!story) throw new StoryRefused(404);
  const article = await db.selectFrom('articles').selectAll().where('id', '=', articleId).executeTakeFirstOrThrow();
  const state = storyState(article, now);
  const current = async () => (await storyDetail(db, articleId, person, now)) ?? undefined;
  if (!allowedActions(person.role, person.id, state, story.owner_id, story.pending === 1).includes(action)) {
    // A stale page may offer what the story no longer allows: 409 with what it is now, else 403.
    if (story.rev !== rev) throw new StoryRefused(409, { current: await current() });
    throw new StoryRefused(403);
  }
  if (story.rev !== rev) throw new StoryRefused(409, { current: await current() });
  try {
    return await work({ article, story }, state);
  } catch (error) {
    if (error instanceof StaleRev) throw new StoryRefused(409, { current: await current() });
    throw error;
  }
}

const audited = (trx: Trx, person: Person, entry: Omit<DeskAuditEntry, 'user'>, now: Date) => deskAudit(trx, { ...entry, user: person }, now);

/** Saves the working copy (already checked: document.ts); answers the new rev, and what the person may do now. */
export async function saveStory(
  db: DB,
  articleId: number,
  rev: number,
  doc: StoryDoc,
  person: Person,
  now = new Date(),
): Promise<{ rev: number; revision: number; pending: boolean; actions: StoryAction[] }> {
  return withStory(db, articleId, rev, person, 'edit', async ({ article, story }, state) =>
    db.transaction().execute(async (trx) => {
      const shown = state === 'published' || state === 'withdrawn' || state === 'scheduled';
      await bump(trx, articleId, rev, { doc: JSON.stringify(doc), pending: shown ? 1 : 0 }, person, now);
      await mirrorDraft(trx, article, doc, now);
      const revision = await addRevision(trx, articleId, 'save', rev + 1, doc, person.id, now);
      await audited(trx, person, { action: 'story.save', itemType: 'story', itemId: articleId, before: { rev }, after: { rev: rev + 1, revision } }, now);
      return { rev: rev + 1, revision, pending: shown, actions: allowedActions(person.role, person.id, state, story.owner_id, shown) };
    }),
    now,
  );
}

/** Draft → review (submit) and back (unsubmit). */
export async function moveReview(db: DB, articleId: number, rev: number, to: 'review' | 'draft', person: Person, now = new Date()): Promise<number> {
  return withStory(db, articleId, rev, person, to === 'review' ? 'submit' : 'unsubmit', async ({ article, story }) =>
    db.transaction().execute(async (trx) => {
      await bump(trx, articleId, rev, {}, person, now);
      await trx.updateTable('articles').set({ status: to, updated_at: now.toISOString() }).where('id', '=', articleId).execute();
      await addRevision(trx, articleId, to === 'review' ? 'submit' : 'unsubmit', rev + 1, parseStoredDoc(story.doc), person.id, now);
      await audited(trx, person, { action: to === 'review' ? 'story.submit' : 'story.unsubmit', itemType: 'story', itemId: articleId, before: { rev, state: article.status }, after: { rev: rev + 1, state: to } }, now);
      return rev + 1;
    }),
    now,
  );
}

export type PublishOutcome = { rev: number; path: string; url: string; version: number | null; publishedAt: string; state: StoryState };

/**
 * Publishes the working copy at `rev` now, or schedules it (`at` ahead),
 * through the newsroom's content service, in one transaction with the
 * desk's rows and its audit entry.
 */
export async function publishStory(db: DB, articleId: number, rev: number, at: Date | null, person: Person & Pick<Row<'desk_users'>, 'locale'>, siteUrl: string, now = new Date()): Promise<PublishOutcome> {
  const schedule = at !== null && at > now;
  return withStory(db, articleId, rev, person, schedule ? 'schedule' : 'publish', async ({ article, story }, state) => {
    const doc = parseStoredDoc(story.doc);
    // Ready to be shown: a headline, a section, a body; what it refers to exists (pictures with both alternative texts).
    const problems = { ...(await checkDoc(db, article.lang, doc, person.locale)), ...publishProblems(doc, person.locale) };
    if (Object.keys(problems).length) throw new StoryRefused(422, { errors: problems });
    const ninjs = await articleOfDoc(db, article, doc, schedule ? at : null);
    const result = await upsertNinjsArticle(db, ninjs, {
      siteUrl,
      now,
      inTransaction: async (trx, stored) => {
        // The address a story is first published at stays (a corrected headline does not move it); the slug field moves it.
        const kept = doc.slug ? doc : { ...doc, slug: stored.path.slice(stored.path.lastIndexOf('/') + 1) };
        await bump(trx, articleId, rev, { pending: 0, doc: JSON.stringify(kept) }, person, now);
        await addRevision(trx, articleId, schedule ? 'schedule' : 'publish', rev + 1, kept, person.id, now);
        await audited(
          trx,
          person,
          {
            action: schedule ? 'story.schedule' : state === 'published' ? 'story.update' : 'story.publish',
            itemType: 'story',
            itemId: articleId,
            summary: doc.title,
            before: { rev, state, version: article.ninjs_version },
            after: { rev: rev + 1, state: schedule ? 'scheduled' : 'published', version: stored.version, at: stored.publishedAt },
          },
          now,
        );
      },
    });
    if (result.kind === 'invalid') throw new StoryRefused(422, { errors: result.errors });
    if (result.kind === 'conflict') throw new StoryRefused(409, { current: (await storyDetail(db, articleId, person, now)) ?? undefined });
    const a = result.article;
    return { rev: rev + 1, path: a.path, url: a.url, version: a.version, publishedAt: a.publishedAt, state: schedule ? 'scheduled' : 'published' };
  }, now);
}

/** Withdraws a published story (410 at its addresses) through the content service. */
export async function withdrawStory(db: DB, articleId: number, rev: number, person: Person, siteUrl: string, now = new Date()): Promise<number> {
  return withStory(db, articleId, rev, person, 'withdraw', async ({ article, story }) => {
    await withdrawNinjsArticle(db, article.ninjs_uri!, {
      siteUrl,
      now,
      inTransaction: async (trx) => {
        await bump(trx, articleId, rev, {}, person, now);
        await addRevision(trx, articleId, 'withdraw', rev + 1, parseStoredDoc(story.doc), person.id, now);
        await audited(trx, person, { action: 'story.withdraw', itemType: 'story', itemId: articleId, summary: article.title, before: { rev, state: 'published', version: article.ninjs_version }, after: { rev: rev + 1, state: 'withdrawn' } }, now);
      },
    });
    return rev + 1;
  }, now);
}

/** A scheduled story (never shown yet) goes back to draft. */
export async function unscheduleStory(db: DB, articleId: number, rev: number, person: Person, now = new Date()): Promise<number> {
  return withStory(db, articleId, rev, person, 'unschedule', async ({ article, story }) =>
    db.transaction().execute(async (trx) => {
      await bump(trx, articleId, rev, { pending: 0 }, person, now);
      // Only a story not shown yet: it never was public, so no page changes.
      const r = await trx
        .updateTable('articles')
        .set({ status: 'draft', updated_at: now.toISOString() })
        .where('id', '=', articleId)
        .where('status', '=', 'published')
        .where('published_at', '>', now.toISOString())
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new StaleRev();
      await addRevision(trx, articleId, 'unschedule', rev + 1, parseStoredDoc(story.doc), person.id, now);
      await audited(trx, person, { action: 'story.unschedule', itemType: 'story', itemId: articleId, before: { rev, state: 'scheduled', at: article.published_at }, after: { rev: rev + 1, state: 'draft' } }, now);
      return rev + 1;
    }),
    now,
  );
}

/** Makes an old revision the working copy again (a new revision says so). */
export async function restoreRevision(db: DB, articleId: number, rev: number, number: number, person: Person, now = new Date()): Promise<number> {
  return withStory(db, articleId, rev, person, 'edit', async ({ article }, state) => {
    const revision = await db.selectFrom('desk_revisions').select(['doc', 'number']).where('article_id', '=', articleId).where('number', '=', number).executeTakeFirst();
    if (!revision) throw new StoryRefused(404);
    const doc = parseStoredDoc(revision.doc);
    return db.transaction().execute(async (trx) => {
      const shown = state === 'published' || state === 'withdrawn' || state === 'scheduled';
      await bump(trx, articleId, rev, { doc: JSON.stringify(doc), pending: shown ? 1 : 0 }, person, now);
      await mirrorDraft(trx, article, doc, now);
      const made = await addRevision(trx, articleId, 'restore', rev + 1, doc, person.id, now);
      await audited(trx, person, { action: 'story.restore', itemType: 'story', itemId: articleId, before: { rev }, after: { rev: rev + 1, restored: number, revision: made } }, now);
      return rev + 1;
    });
  }, now);
}

export interface RevisionInfo {
  number: number;
  kind: string;
  rev: number;
  by: string | null;
  at: string;
}

export async function listRevisions(db: DB, articleId: number): Promise<RevisionInfo[]> {
  const rows = await db
    .selectFrom('desk_revisions')
    .leftJoin('desk_users', 'desk_users.id', 'desk_revisions.user_id')
    .select(['desk_revisions.number', 'desk_revisions.kind', 'desk_revisions.rev', 'desk_revisions.created_at', 'desk_users.name'])
    .where('desk_revisions.article_id', '=', articleId)
    .orderBy('desk_revisions.number', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ number: r.number, kind: r.kind, rev: r.rev, by: r.name, at: r.created_at }));
}

export async function revisionDoc(db: DB, articleId: number, number: number): Promise<StoryDoc | null> {
  const r = await db.selectFrom('desk_revisions').select('doc').where('article_id', '=', articleId).where('number', '=', number).executeTakeFirst();
  return r ? parseStoredDoc(r.doc) : null;
}

/**
 * The other language's version of a story: the existing one, or a new
 * draft paired with it (the same translation key, as ninjs altids pair
 * them), in the counterpart of its section, with its pictures and video.
 */
export async function startTranslation(db: DB, articleId: number, person: Person, now = new Date()): Promise<{ id: number; created: boolean }> {
  const a = await db.selectFrom('articles').selectAll().where('id', '=', articleId).executeTakeFirst();
  if (!a) throw new StoryRefused(404);
  const other = otherLocale(a.lang);
  const existing = await db.selectFrom('articles').select('id').where('translation_key', '=', a.translation_key).where('lang', '=', other).orderBy('id', 'desc').executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const story = await ensureStory(db, articleId, person, now);
  const source = story ? parseStoredDoc(story.doc) : emptyDoc();
  const section =
    source.sectionId !== null
      ? await db
          .selectFrom('master_tags as m')
          .innerJoin('master_tags as o', 'o.translation_key', 'm.translation_key')
          .select('o.id')
          .where('m.id', '=', source.sectionId)
          .where('o.lang', '=', other)
          .executeTakeFirst()
      : undefined;
  const doc: StoryDoc = { ...emptyDoc(), sectionId: section?.id ?? null, cover: source.cover, gallery: source.gallery, videoId: source.videoId, byline: source.byline };
  const id = await createStory(db, other, person, { translationKey: a.translation_key, doc }, now);
  return { id, created: true };
}

/** Marks the person as having the story open; answers who else has (seen in the last 30 s). */
export async function presence(db: DB, articleId: number, person: Person, now = new Date()): Promise<{ id: number; name: string }[]> {
  await db
    .insertInto('desk_presence')
    .values({ article_id: articleId, user_id: person.id, seen_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['article_id', 'user_id']).doUpdateSet({ seen_at: now.toISOString() }))
    .execute();
  const since = new Date(now.getTime() - 30_000).toISOString();
  return db
    .selectFrom('desk_presence')
    .innerJoin('desk_users', 'desk_users.id', 'desk_presence.user_id')
    .select(['desk_users.id', 'desk_users.name'])
    .where('desk_presence.article_id', '=', articleId)
    .where('desk_presence.user_id', '!=', person.id)
    .where('desk_presence.seen_at', '>', since)
    .orderBy('desk_users.name')
    .execute();
}

/** Leaves a story (closing it): others stop seeing the person at once. */
export async function leave(db: DB, articleId: number, personId: number): Promise<void> {
  await db.deleteFrom('desk_presence').where('article_id', '=', articleId).where('user_id', '=', personId).execute();
}

export const articleExists = async (db: DB, id: number): Promise<boolean> =>
  (await db.selectFrom('articles').select(sql<number>`1`.as('x')).where('id', '=', id).executeTakeFirst()) !== undefined;
