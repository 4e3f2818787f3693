/**
 * Site search index (docs/product.md, Search box): on SQLite, FTS5 tables over the normalised
 * text of articles (title, lead, body, tags), tags and programmes, a queue
 * filled by triggers, and a first build from the content already stored
 * (src/server/search/index-sqlite.ts). PostgreSQL searches the stored
 * `search_text` instead (src/server/content/search.ts): nothing to create.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { rebuildSearchIndex, SEARCH_DDL } from '../../search/index-sqlite.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not the current types */
type Db = Kysely<any>;

export function searchMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'sqlite') return;
      for (const statement of SEARCH_DDL) await sql.raw(statement).execute(db);
      await rebuildSearchIndex(db);
    },
  };
}
