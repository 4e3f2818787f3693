/**
 * What the site shell (header, navigation bar, mega menu) needs from the
 * store for one language: the master tags (navigation bar), the
 * call-for-tenders tag (mega menu, TV column), the replay categories
 * (secondary navigation on replay pages), the live channel's name and
 * poster (the live block of the mobile header, the live strip's place) and
 * whether breaking news are on (the ticker's place).
 *
 * Every page renders the shell, so the answer is kept for a short while per
 * language instead of querying the store on each on-demand render.
 */
import { getDb, type DB } from '../db/index.ts';
import { getConfig } from '../config.ts';
import { masterTagTree, type MasterTagNode } from '../content/tags.ts';
import { liveSection } from '../content/live.ts';
import { activeBreakingNews } from '../content/breaking.ts';
import type { ImageShape } from '../api/shapes.ts';
import { route } from '../../lib/routes.ts';
import type { Locale } from '../../lib/paths.ts';

export interface ShellData {
  masterTags: MasterTagNode[];
  /** Path of the call-for-tenders tag listing (else the static page). */
  tendersPath: string;
  /** Replay secondary navigation: Société and Sport category pages. */
  replayCategories: { societe: string; sport: string };
  /** The live channel (mobile header's live block); absent when the store did not answer. */
  live?: { title: string; poster: ImageShape | null };
  /** Breaking news were active when the shell was read: the ticker's height is kept on a first visit. */
  breaking?: boolean;
}

const TTL_MS = 60_000;
const cache = new Map<Locale, { at: number; data: Promise<ShellData> }>();

async function tendersTagId(db: DB, lang: Locale): Promise<number | undefined> {
  const row = await db
    .selectFrom('tags')
    .select('id')
    .where('lang', '=', lang)
    .where('is_call_for_tenders', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Société / Sport links of the replay secondary navigation: the configured
 * category ids (REPLAY_SOCIETE_TAG_AR/FR, REPLAY_SPORT_TAG_AR/FR), else the
 * master tag pages of the same name.
 */
export function replayCategoryPaths(lang: Locale, config = getConfig()): ShellData['replayCategories'] {
  const societe = lang === 'ar' ? config.REPLAY_SOCIETE_TAG_AR : config.REPLAY_SOCIETE_TAG_FR;
  const sport = lang === 'ar' ? config.REPLAY_SPORT_TAG_AR : config.REPLAY_SPORT_TAG_FR;
  return {
    societe: societe ? route('posts-tag-id', lang, { id: societe }) : route('tag-url', lang, { tag: 'societe' }),
    sport: sport ? route('posts-tag-id', lang, { id: sport }) : route('tag-url', lang, { tag: 'sport' }),
  };
}

async function load(lang: Locale): Promise<ShellData> {
  const db = await getDb();
  const [masterTags, tendersId, live, breaking] = await Promise.all([
    masterTagTree(db, lang),
    tendersTagId(db, lang),
    liveSection(db, lang),
    activeBreakingNews(db, lang),
  ]);
  return {
    masterTags,
    tendersPath:
      tendersId !== undefined
        ? route('posts-tag-id', lang, { id: tendersId })
        : route('navigationlinks-page', lang, { page: 'appel-offre' }),
    replayCategories: replayCategoryPaths(lang),
    live: { title: live.title, poster: live.poster },
    breaking: breaking !== undefined,
  };
}

export function loadShell(lang: Locale): Promise<ShellData> {
  const now = Date.now();
  const hit = cache.get(lang);
  if (hit && now - hit.at < TTL_MS) return hit.data;
  const data = load(lang);
  cache.set(lang, { at: now, data });
  // A failed load is not kept.
  data.catch(() => cache.delete(lang));
  return data;
}
