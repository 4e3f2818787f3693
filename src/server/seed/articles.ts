/**
 * Demo articles: story templates filled with Moroccan places, people and
 * figures, most of them published in both languages (same translation_key).
 */
import type { Kysely } from 'kysely';
import { normalizeSearchText } from '../../lib/normalize.ts';
import { articlePath } from '../../lib/paths.ts';
import type { FrontLayout } from '../../lib/front-page.ts';
import type { Database, NewRow } from '../db/schema.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import type { ImageIds } from './assets.ts';
import { FRAGMENTS } from './data/fragments.ts';
import { CITIES, COUNTRIES, HAOUZ_VILLAGES, PEOPLE, TEAMS } from './data/places.ts';
import { STORIES, TENDERS, TOPIC_TEXT } from './data/stories/index.ts';
import { AUTHORS_BY_MASTER, MASTER_TAGS } from './data/taxonomy.ts';
import type { Bi, MasterKey, Story, StoryTemplate, StoryVars } from './data/types.ts';
import { insertMany, insertOne } from './dbutil.ts';
import { SAMPLE_VIDEOS } from './media.ts';
import { createRng, type Rng } from './prng.ts';
import { h2, p, quote, ul } from './text.ts';
import { makeSlug } from '../http/slug.ts';

export interface MasterTagRef {
  id: number;
  name: string;
  route: string;
  /** Route of the top-level master tag (itself for a top-level one). */
  top: MasterKey;
}

export interface Taxonomy {
  master: Record<Locale, Map<string, MasterTagRef>>;
  tags: Record<Locale, Map<string, { id: number; name: string }>>;
  dossiers: Record<Locale, Map<string, number>>;
  /** Author ids, in AUTHORS order. */
  authors: number[];
  /** Programme ids by slug. */
  programmes: Map<string, number>;
}

export interface SeededArticle {
  id: number;
  lang: Locale;
  slug: string;
  title: string;
  route: string;
  top: MasterKey;
  status: 'draft' | 'published';
  publishedAt: string;
  viewCount: number;
  hasVideo: boolean;
  /** A call for tenders. */
  tender: boolean;
}

/** How many story instances go to both languages, and to one only. */
const PAIRED_STORIES = 112;
const SINGLE_STORIES_PER_LANG = 49;
const DRAFTS = { ar: 3, fr: 2 } as const;
const RECENT_STORIES = 14;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const REGION_CHILDREN = new Set(MASTER_TAGS.find((m) => m.route === 'regions')?.children.map((c) => c.route) ?? []);

function pickBig(rng: Rng): number {
  const hundreds = rng.int(1, 9);
  const tens = rng.pick(hundreds === 1 ? [2, 3, 4, 5, 6, 7, 8, 9] : [0, 2, 3, 4, 5, 6, 7, 8, 9]);
  return hundreds * 100 + tens * 10;
}

function distinct<T>(rng: Rng, items: readonly T[], not: T): T {
  if (items.length < 2) return rng.pick(items);
  for (;;) {
    const x = rng.pick(items);
    if (x !== not) return x;
  }
}

function makeVars(rng: Rng, t: StoryTemplate, year: number): StoryVars {
  const cities = t.cities ? CITIES.filter((c) => t.cities?.includes(c.slug)) : CITIES;
  const countries = t.countries ? COUNTRIES.filter((c) => t.countries?.includes(c.slug)) : COUNTRIES;
  const city = rng.pick(cities);
  const team = rng.pick(TEAMS);
  const person = rng.pick(PEOPLE);
  const a = rng.int(1, 4);
  return {
    city,
    city2: distinct(rng, CITIES, city),
    team,
    team2: distinct(rng, TEAMS, team),
    country: rng.pick(countries),
    person,
    person2: distinct(rng, PEOPLE, person),
    man: rng.pick(PEOPLE.filter((x) => !x.female)),
    village: rng.pick(HAOUZ_VILLAGES),
    small: rng.int(3, 9),
    two: rng.int(12, 48),
    big: pickBig(rng),
    pct: rng.int(4, 45),
    goals: [a, rng.int(0, a - 1)],
    round: rng.int(5, 24),
    year,
  };
}

function masterRoute(t: StoryTemplate, v: StoryVars): string {
  if (!t.child) return t.master;
  if (t.child === 'auto') {
    if (t.master === 'regions') return REGION_CHILDREN.has(v.city.region) ? v.city.region : 'regions';
    if (t.master === 'monde') return v.country.continent;
    return t.master;
  }
  return t.child;
}

/** The article body: 4–6 paragraphs, headings, a quote and sometimes a list. */
function bodyHtml(lang: Locale, story: Story, master: MasterKey, seed: number): string {
  const rng = createRng(seed);
  const topic = TOPIC_TEXT[master];
  const context = rng.pick(topic.context)[lang];
  const contextFirst = rng.chance(0.5);
  const parts = [p(story.lead[lang])];
  if (contextFirst) parts.push(p(context));
  parts.push(h2(story.h2[lang]), p(story.detail[lang]), quote(story.quote[lang], story.quoteBy[lang]));
  if (story.bullets) parts.push(ul(story.bullets.map((b) => b[lang])));
  if (!contextFirst) parts.push(p(context));
  if (story.more) parts.push(p(story.more[lang]));
  if (rng.chance(0.5)) parts.push(h2(rng.pick(topic.headings)[lang]));
  parts.push(p(rng.pick(topic.closing)[lang]));
  return parts.join('\n');
}

/** A word of the story that identifies it in the Arabic article's ASCII slug. */
function slugWord(story: Story, v: StoryVars): string {
  if (story.title.ar.includes(v.team.shortAr)) return `${v.team.slug}-${v.team2.slug}`;
  if (story.title.ar.includes(v.country.ar)) return v.country.slug;
  if (story.title.ar.includes(v.village.ar)) return makeSlug(v.village.fr, { max: 80, ascii: true });
  if (story.title.ar.includes(v.city.ar)) return v.city.slug;
  return '';
}

interface Instance {
  seq: number;
  template: StoryTemplate;
  vars: StoryVars;
  story: Story;
  langs: Locale[];
  translationKey: string;
  publishedAt: number;
  seed: number;
}

const GALLERY_CAPTIONS: readonly ((v: StoryVars) => Bi)[] = [
  (v) => ({ ar: `مشهد من ${v.city.ar}`, fr: `Vue de ${v.city.fr}` }),
  () => ({ ar: 'من عين المكان', fr: 'Sur les lieux' }),
  () => ({ ar: 'لقطة من الحدث', fr: "Une image de l'événement" }),
  () => ({ ar: 'جانب من الحضور', fr: 'Une partie du public' }),
  () => ({ ar: 'صورة من الأرشيف', fr: "Photo d'archive" }),
];

export interface Headline {
  title: Bi;
  /** Publication time, ms since the epoch. */
  at: number;
}

export interface ArticlesResult {
  articles: SeededArticle[];
  /** Headlines of stories published in both languages, with their time, for bulletin summaries. */
  headlines: Headline[];
  videos: number;
  galleries: number;
}

/** Create the demo articles with their tags, galleries and videos. */
export async function createArticles(
  db: Kysely<Database>,
  rng: Rng,
  now: Date,
  tax: Taxonomy,
  images: ImageIds,
): Promise<ArticlesResult> {
  const year = now.getUTCFullYear();
  const nowMs = now.getTime();
  const titles: Record<Locale, Set<string>> = { ar: new Set(), fr: new Set() };
  const instances: Instance[] = [];

  const build = (t: StoryTemplate, langs: Locale[]): { vars: StoryVars; story: Story } => {
    for (let attempt = 0; ; attempt++) {
      const vars = makeVars(rng, t, year);
      const story = t.build(vars);
      const clash = langs.some((l) => titles[l].has(story.title[l]));
      if (!clash || attempt > 40) {
        if (clash) throw new Error(`cannot find a unique title for template ${t.key}`);
        for (const l of langs) titles[l].add(story.title[l]);
        return { vars, story };
      }
    }
  };

  // A balanced sequence of templates: every template once per round, in random order.
  const total = PAIRED_STORIES + 2 * SINGLE_STORIES_PER_LANG;
  // Programme results get two extra paired stories each, so each language has a handful.
  const programmeStories = STORIES.filter((t) => t.programme !== undefined);
  const order: StoryTemplate[] = [...programmeStories, ...programmeStories];
  while (order.length < total) order.push(...rng.shuffle(STORIES));
  order.length = total;

  let seq = 100;
  const add = (t: StoryTemplate, langs: Locale[], keyPrefix: string): void => {
    const { vars, story } = build(t, langs);
    seq++;
    instances.push({
      seq,
      template: t,
      vars,
      story,
      langs,
      translationKey: langs.length === 2 ? `${keyPrefix}-${seq}` : `${keyPrefix}-${seq}-${langs[0] ?? ''}`,
      publishedAt: 0,
      seed: rng.int(1, 2 ** 30),
    });
  };
  order.forEach((t, i) => {
    const langs: Locale[] = i < PAIRED_STORIES ? ['ar', 'fr'] : i < PAIRED_STORIES + SINGLE_STORIES_PER_LANG ? ['ar'] : ['fr'];
    add(t, langs, 'story');
  });
  for (const t of TENDERS) add(t, ['ar', 'fr'], 'tender');

  // Publication times over the last 60 days, a few of them within 48 hours.
  const shuffled = rng.shuffle(instances);
  shuffled.forEach((inst, i) => {
    inst.publishedAt =
      i < RECENT_STORIES
        ? nowMs - Math.round((0.3 + rng.next() * 46) * HOUR)
        : nowMs - Math.round(2 * DAY + Math.pow(rng.next(), 1.3) * 58 * DAY);
  });

  // Drafts: single-language stories that are not among the most recent ones.
  const draftSeqs = new Set<number>();
  for (const lang of LOCALES) {
    const candidates = shuffled.slice(RECENT_STORIES).filter((i) => i.langs.length === 1 && i.langs[0] === lang);
    for (const c of candidates.slice(0, DRAFTS[lang])) draftSeqs.add(c.seq);
  }

  const articles: SeededArticle[] = [];
  const articleTags: NewRow<'article_tags'>[] = [];
  const articleImages: NewRow<'article_images'>[] = [];
  const slugs: Record<Locale, Set<string>> = { ar: new Set(), fr: new Set() };
  const coverCursor: Record<string, number> = {};
  let videos = 0;
  let galleries = 0;

  for (const inst of instances) {
    const { template: t, vars: v, story } = inst;
    const route = masterRoute(t, v);
    const pool = images.covers[t.master];
    const start = (coverCursor[t.master] ??= rng.int(0, pool.length - 1));
    coverCursor[t.master] = start + rng.int(1, 3);
    const coverId = pool[start % pool.length] ?? null;

    const gallery = rng.chance(0.2)
      ? rng.sample(
          pool.filter((id) => id !== coverId),
          rng.int(2, 5),
        )
      : [];
    const captionOrder = rng.shuffle(GALLERY_CAPTIONS);
    const withVideo = rng.chance(t.video ? 0.35 : 0.08);
    let videoId: number | null = null;
    if (withVideo) {
      videoId = await insertOne(db, 'videos', { ...SAMPLE_VIDEOS.clip, poster_image_id: coverId });
      videos++;
    }
    if (gallery.length > 0) galleries++;

    const authorPool = AUTHORS_BY_MASTER[t.master];
    const author = tax.authors[rng.pick(authorPool)] ?? null;
    const extraTags = rng.chance(0.35) ? rng.sample(FRAGMENTS[t.master].tags, 1) : [];
    const tagSlugs = [...new Set([...t.tags, ...extraTags])].slice(0, 4);
    const baseViews = Math.floor(150 + Math.pow(rng.next(), 4) * 150_000);

    for (const lang of inst.langs) {
      const mt = tax.master[lang].get(route);
      if (!mt) throw new Error(`unknown master tag ${route}`);
      let slug: string;
      if (lang === 'fr') {
        const base = makeSlug(story.title.fr, { max: 80, ascii: true });
        slug = base;
        for (let k = 2; slugs.fr.has(slug); k++) slug = `${base}-${k}`;
      } else {
        const word = slugWord(story, v);
        slug = [t.key, word, String(inst.seq)].filter(Boolean).join('-');
      }
      slugs[lang].add(slug);

      const delay = lang === 'fr' && inst.langs.length === 2 ? rng.int(5, 120) * 60_000 : 0;
      const published = Math.min(inst.publishedAt + delay, nowMs - 60_000);
      const updated = rng.chance(0.5) ? published : Math.min(published + rng.int(10, 2880) * 60_000, nowMs);
      const tags = tagSlugs.map((s) => tax.tags[lang].get(s)).filter((x): x is { id: number; name: string } => x !== undefined);
      const title = story.title[lang];
      const status = draftSeqs.has(inst.seq) ? 'draft' : 'published';
      const views = lang === 'ar' ? baseViews : Math.floor(baseViews * (0.4 + rng.next() * 0.5));
      const id = await insertOne(db, 'articles', {
        lang,
        translation_key: inst.translationKey,
        slug,
        title,
        subtitle: story.subtitle[lang],
        body_html: bodyHtml(lang, story, t.master, inst.seed),
        cover_image_id: coverId,
        video_id: videoId,
        master_tag_id: mt.id,
        dossier_id: t.dossier ? (tax.dossiers[lang].get(t.dossier) ?? null) : null,
        author_id: author,
        programme_id: t.programme ? (tax.programmes.get(t.programme) ?? null) : null,
        status,
        published_at: new Date(published).toISOString(),
        updated_at: new Date(updated).toISOString(),
        view_count: status === 'draft' ? 0 : views,
        search_text: normalizeSearchText([title, story.subtitle[lang], ...tags.map((x) => x.name)].join(' ')),
      });
      tags.forEach((tag, position) => articleTags.push({ article_id: id, tag_id: tag.id, position }));
      gallery.forEach((imageId, position) => {
        const caption = captionOrder[position % captionOrder.length];
        articleImages.push({ article_id: id, image_id: imageId, position, caption: caption ? caption(v)[lang] : null });
      });
      articles.push({
        id,
        lang,
        slug,
        title,
        route: mt.route,
        top: mt.top,
        status,
        publishedAt: new Date(published).toISOString(),
        viewCount: status === 'draft' ? 0 : views,
        hasVideo: videoId !== null,
        tender: t.tags.includes('appels-d-offres'),
      });
    }
  }
  await insertMany(db, 'article_tags', articleTags);
  await insertMany(db, 'article_images', articleImages);

  const headlines = instances
    .filter((i) => i.langs.length === 2 && !i.template.tags.includes('appels-d-offres') && !draftSeqs.has(i.seq))
    .map((i) => ({ title: i.story.title, at: i.publishedAt }));
  return { articles, headlines, videos, galleries };
}

/** Each language's first front page (ADR 040): La UNE blocks, the slider and hot topics, from published articles. */
export async function createFrontPages(db: Kysely<Database>, articles: readonly SeededArticle[], tax: Taxonomy, now: Date): Promise<number> {
  const rows: NewRow<'front_page_versions'>[] = [];
  for (const lang of LOCALES) {
    // Only stories already shown: an embargoed demo article is not placed before its time.
    const published = articles
      .filter((a) => a.lang === lang && a.status === 'published' && a.publishedAt <= now.toISOString())
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    // Each story once (as the page shows it): the slider first, then La UNE's blocks, then the hot topics.
    const recent = published.filter((a) => !a.tender).slice(0, 40);
    const slider = [...recent.filter((a) => a.hasVideo), ...recent.filter((a) => !a.hasVideo)].slice(0, 5).map((a) => a.id);
    const placed = new Set(slider);
    const layout: FrontLayout = { slider, une: [], hot: [] };
    for (const m of MASTER_TAGS) {
      const top = tax.master[lang].get(m.route);
      if (!top) continue;
      const block = published.filter((a) => a.top === m.route && !a.tender && !placed.has(a.id)).slice(0, 5);
      for (const a of block) placed.add(a.id);
      if (block.length) layout.une.push({ title: top.name, masterTagId: top.id, items: block.map((a) => a.id) });
    }
    // The most read of the 40 newest stories placed nowhere else.
    layout.hot = published
      .filter((a) => !a.tender && !placed.has(a.id))
      .slice(0, 40)
      .sort((a, b) => b.viewCount - a.viewCount)
      .slice(0, 6)
      .map((a) => a.id);
    const at = now.toISOString();
    rows.push({ lang, number: 1, layout: JSON.stringify(layout), kind: 'publish', restored_from: null, effective_at: at, canceled_at: null, user_id: null, actor: 'seed', created_at: at });
  }
  await insertMany(db, 'front_page_versions', rows);
  return rows.length;
}

const BREAKING_PER_LANG = 20;
const ACTIVE_BREAKING = 14;

/** The breaking-news ticker: the latest headlines, most still running, some expired. */
export async function createBreakingNews(db: Kysely<Database>, rng: Rng, now: Date, articles: readonly SeededArticle[]): Promise<number> {
  const rows: NewRow<'breaking_news'>[] = [];
  const nowMs = now.getTime();
  for (const lang of LOCALES) {
    const latest = articles
      .filter((a) => a.lang === lang && a.status === 'published' && !a.tender)
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
      .slice(0, BREAKING_PER_LANG);
    latest.forEach((a, position) => {
      const starts = Date.parse(a.publishedAt);
      let ends: number | null;
      if (position < ACTIVE_BREAKING) {
        ends = rng.chance(0.4) ? null : nowMs + rng.int(6, 72) * HOUR;
      } else {
        ends = Math.max(starts + 30 * 60_000, Math.min(starts + 12 * HOUR, nowMs - HOUR));
        if (ends >= nowMs) ends = nowMs - 60_000;
      }
      rows.push({
        lang,
        title: a.title,
        url: articlePath(lang, a.route, a.slug),
        article_id: a.id,
        position,
        starts_at: new Date(starts).toISOString(),
        ends_at: ends === null ? null : new Date(ends).toISOString(),
      });
    });
  }
  await insertMany(db, 'breaking_news', rows);
  return rows.length;
}
