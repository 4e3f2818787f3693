/**
 * The front page of each language as versions (ADR 040):
 *
 *  - front_page_versions: every arrangement of a language's home page that
 *    was published or scheduled (the slider, La UNE's blocks, the hot
 *    topics: JSON of article ids, src/lib/front-page.ts), numbered per
 *    language, with when it leads the page (`effective_at`: now, or a time
 *    ahead for a scheduled change), who made it (a desk person, a newsroom
 *    token), and, for a scheduled one called off, when. The page shows the
 *    newest version whose time has come; nothing is ever rewritten, so the
 *    history is the table.
 *  - desk_drafts: the desk's shared working copy of something published as
 *    a whole (a language's front page, a static page), with its lock
 *    version `rev` (a save names the rev it started from).
 *
 * The home_sections rows a store already holds become each language's
 * version 1; the site reads them no more.
 */
import type { Dialect } from '../dialect.ts';
import { migrationTools, type MigrationDb as Db } from './tools.ts';

interface SectionRow {
  lang: string;
  kind: string;
  title: string | null;
  master_tag_id: number | null;
  article_id: number;
}

/** The layout of one language's home_sections rows, in position order (blocks by title and master tag, as the page grouped them). */
function layoutOf(rows: readonly SectionRow[]) {
  const une = new Map<string, { title: string | null; masterTagId: number | null; items: number[] }>();
  const layout = { slider: [] as number[], une: [] as { title: string | null; masterTagId: number | null; items: number[] }[], hot: [] as number[] };
  const placed = new Set<number>();
  for (const r of rows) {
    if (placed.has(r.article_id)) continue;
    placed.add(r.article_id);
    if (r.kind === 'slider') layout.slider.push(r.article_id);
    else if (r.kind === 'hot') layout.hot.push(r.article_id);
    else {
      const key = `${r.title ?? ''}\u0000${r.master_tag_id ?? ''}`;
      let block = une.get(key);
      if (!block) {
        block = { title: r.title, masterTagId: r.master_tag_id, items: [] };
        une.set(key, block);
        layout.une.push(block);
      }
      block.items.push(r.article_id);
    }
  }
  return layout;
}

export function frontPagesMigration(dialect: Dialect) {
  const { table } = migrationTools(dialect);
  return {
    async up(db: Db): Promise<void> {
      await table(db, 'front_page_versions')
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('restored_from', 'integer')
        .addColumn('effective_at', 'text', (c) => c.notNull())
        .addColumn('canceled_at', 'text')
        .addColumn('user_id', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('front_page_versions_number', ['lang', 'number'])
        .execute();
      await db.schema.createIndex('front_page_versions_live').on('front_page_versions').columns(['lang', 'effective_at']).execute();

      await db.schema
        .createTable('desk_drafts')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('rev', 'integer', (c) => c.notNull())
        .addColumn('updated_by', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('desk_drafts_pk', ['kind', 'key'])
        .execute();

      const rows = (await db
        .selectFrom('home_sections')
        .select(['lang', 'kind', 'title', 'master_tag_id', 'article_id'])
        .orderBy('lang')
        .orderBy('position')
        .orderBy('id')
        .execute()) as SectionRow[];
      const now = new Date().toISOString();
      for (const lang of ['ar', 'fr']) {
        const own = rows.filter((r) => r.lang === lang);
        if (own.length === 0) continue;
        await db
          .insertInto('front_page_versions')
          .values({ lang, number: 1, layout: JSON.stringify(layoutOf(own)), kind: 'publish', restored_from: null, effective_at: now, canceled_at: null, user_id: null, actor: 'migration', created_at: now })
          .execute();
      }
    },
    async down(db: Db): Promise<void> {
      await db.schema.dropTable('desk_drafts').execute();
      await db.schema.dropTable('front_page_versions').execute();
    },
  };
}
