/**
 * The search index again with the light stemming of ADR 037 (Arabic
 * prefixes and plural, feminine and relative endings; French plurals):
 * on SQLite the FTS5 tables are filled anew from the content
 * (src/server/search/index-sqlite.ts), since every stored word's stem may
 * have changed. PostgreSQL searches its stored `search_text` by the query's
 * stems (src/server/content/search.ts): nothing to rebuild.
 */
import type { Dialect } from '../dialect.ts';
import { rebuildSearchIndex } from '../../search/index-sqlite.ts';
import type { MigrationDb as Db } from './tools.ts';

export function searchStemsMigration(dialect: Dialect) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect !== 'sqlite') return;
      await rebuildSearchIndex(db);
    },
  };
}
