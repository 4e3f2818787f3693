/**
 * Synthetic articles for benchmark volume: headlines combined from
 * sentence fragments, reusing the stored taxonomy, authors and cover images
 * (no new image file). Inserted with multi-row statements in transactions.
 */
import { sql, type Kysely } from 'kysely';
import { normalizeSearchText } from '../../lib/normalize.ts';
import type { Database, NewRow } from '../db/schema.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { FRAGMENTS, TAILS, feminine } from './data/fragments.ts';
import { CITIES } from './data/places.ts';
import { TOPIC_TEXT } from './data/stories/index.ts';
import type { MasterKey } from './data/types.ts';
import { insertMany, insertManyReturning } from './dbutil.ts';
import { createRng, DEFAULT_SEED } from './prng.ts';
import { p } from './text.ts';
import { makeSlug } from '../http/slug.ts';

export interface SyntheticOptions {
  now?: Date;
  log?: (s: string) => void;
  /** PRNG seed; defaults to one derived from the current article count. */
  seed?: number;
  /** Articles per transaction. */
  batch?: number;
}

const SECTIONS = Object.keys(FRAGMENTS) as MasterKey[];
const DAY = 24 * 3600_000;
const ROWS_PER_INSERT = 500;

interface SectionRefs {
  /** Master tag ids usable for the section: the top-level one first, then its children. */
  masters: { id: number; route: string }[];
  tags: Map<string, number>;
}

export async function addSyntheticArticles(db: Kysely<Database>, n: number, opts: SyntheticOptions = {}): Promise<number> {
  if (n <= 0) return 0;
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const batch = Math.max(ROWS_PER_INSERT, opts.batch ?? 10_000);

  const masters = await db.selectFrom('master_tags').select(['id', 'lang', 'route_name', 'parent_id']).execute();
  if (masters.length === 0) throw new Error('the store has no master tags: seed the demo content first');
  const tags = await db.selectFrom('tags').select(['id', 'lang', 'slug', 'name']).execute();
  const authors = (await db.selectFrom('authors').select('id').execute()).map((a) => a.id);
  const covers = await db.selectFrom('images').select(['id', 'url']).where('url', 'like', '/media/img/cover-%').execute();
  const anyImages = covers.length > 0 ? [] : (await db.selectFrom('images').select('id').limit(50).execute()).map((i) => i.id);
  const maxRow = await db.selectFrom('articles').select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirst();
  const base = Number(maxRow?.m ?? 0) + 1;
  const rng = createRng(opts.seed ?? DEFAULT_SEED ^ base);

  const tagName = new Map(tags.map((t) => [t.id, t.name]));
  const refs: Record<Locale, Record<string, SectionRefs>> = { ar: {}, fr: {} };
  for (const lang of LOCALES) {
    const byId = new Map(masters.filter((m) => m.lang === lang).map((m) => [m.id, m]));
    for (const section of SECTIONS) {
      const top = [...byId.values()].find((m) => m.route_name === section && m.parent_id === null);
      if (!top) continue;
      const children = [...byId.values()].filter((m) => m.parent_id === top.id);
      refs[lang][section] = {
        masters: [top, ...children].map((m) => ({ id: m.id, route: m.route_name })),
        tags: new Map(tags.filter((t) => t.lang === lang).map((t) => [t.slug, t.id])),
      };
    }
  }
  const coversBySection = new Map<string, number[]>();
  for (const c of covers) {
    const section = /\/cover-([a-z]+)-/.exec(c.url)?.[1] ?? '';
    coversBySection.set(section, [...(coversBySection.get(section) ?? []), c.id]);
  }

  let inserted = 0;
  const started = Date.now();
  while (inserted < n) {
    const count = Math.min(batch, n - inserted);
    await db.transaction().execute(async (trx) => {
      for (let off = 0; off < count; off += ROWS_PER_INSERT) {
        const size = Math.min(ROWS_PER_INSERT, count - off);
        const rows: NewRow<'articles'>[] = [];
        const rowTags: number[][] = [];
        for (let k = 0; k < size; k++) {
          const seq = base + inserted + off + k;
          const lang: Locale = seq % 2 === 0 ? 'ar' : 'fr';
          const section = SECTIONS[rng.int(0, SECTIONS.length - 1)] as MasterKey;
          const ref = refs[lang][section];
          if (!ref) throw new Error(`no master tag "${section}" in ${lang}`);
          const frag = FRAGMENTS[section];
          const city = rng.pick(CITIES);
          const subject = rng.pick(frag.subjects);
          const pred = rng.pick(frag.predicates);
          const tail = rng.pick(TAILS);
          const master = rng.chance(0.5) || ref.masters.length === 1 ? ref.masters[0] : rng.pick(ref.masters.slice(1));
          const tagIds = rng
            .sample(frag.tags, rng.int(1, 2))
            .map((s) => ref.tags.get(s))
            .filter((x): x is number => x !== undefined);
          const topic = TOPIC_TEXT[section];
          let title: string;
          let lead: string;
          let slug: string;
          if (lang === 'ar') {
            const verb = subject.f ? feminine(pred.ar) : pred.ar;
            title = `${city.ar}: ${subject.ar} ${verb}${tail.ar}`;
            lead = `في ${city.ar}، ${subject.ar} ${verb}${tail.ar}، حسب ما أفادت به مصادر محلية.`;
            slug = `${section}-${city.slug}-${seq}`;
          } else {
            title = `${city.fr} : ${subject.fr} ${pred.fr}${tail.fr}`;
            lead = `À ${city.fr}, ${subject.fr} ${pred.fr}${tail.fr}, selon des sources locales.`;
            slug = `${makeSlug(title, { max: 60, ascii: true })}-${seq}`;
          }
          const subtitle = rng.pick(topic.context)[lang];
          const pool = coversBySection.get(section) ?? anyImages;
          const published = now.getTime() - Math.round((0.5 + rng.next() * 1095) * DAY);
          rows.push({
            lang,
            translation_key: `syn-${seq}`,
            slug,
            title,
            subtitle,
            body_html: [p(lead), p(rng.pick(topic.context)[lang]), p(rng.pick(topic.closing)[lang])].join('\n'),
            cover_image_id: pool.length > 0 ? rng.pick(pool) : null,
            video_id: null,
            master_tag_id: master?.id ?? null,
            dossier_id: null,
            author_id: authors.length > 0 ? rng.pick(authors) : null,
            programme_id: null,
            status: 'published',
            published_at: new Date(published).toISOString(),
            updated_at: new Date(published + (rng.chance(0.3) ? rng.int(1, 2000) * 60_000 : 0)).toISOString(),
            view_count: Math.floor(Math.pow(rng.next(), 4) * 50_000),
            search_text: normalizeSearchText([title, subtitle, ...tagIds.map((id) => tagName.get(id) ?? '')].join(' ')),
          });
          rowTags.push(tagIds);
        }
        const ids = await insertManyReturning(trx, 'articles', rows, 'slug', ROWS_PER_INSERT);
        const links: NewRow<'article_tags'>[] = [];
        ids.forEach((id, i) => (rowTags[i] ?? []).forEach((tag_id, position) => links.push({ article_id: id, tag_id, position })));
        await insertMany(trx, 'article_tags', links, 1000);
      }
    });
    inserted += count;
    log(`synthetic articles: ${inserted}/${n} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  return inserted;
}
