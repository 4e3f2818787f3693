/**
 * What the site shell (header, navigation bar, mega menu) needs from the
 * store for one language: the master tags (navigation bar), the
 * call-for-tenders tag (mega menu, TV column), the replay categories
 * (secondary navigation on replay pages), the live channel's name and
 * poster (the live block of the mobile header, the live strip's place) and
 * whether breaking news are on (the ticker's place).
 *
 * Every page renders the shell, so the answer is computed once per content
 * change and language (src/server/content/memo.ts: a new change-feed row, a
 * breaking-news item starting or ending, or at most a minute) instead of
 * querying the store on each on-demand render.
 */
import { getDb, type DB } from '../db/index.ts';
import { getConfig } from '../config.ts';
import { masterTagTree, type MasterTagNode } from '../content/tags.ts';
import { liveSection } from '../content/live.ts';
import { activeBreakingNews, nextBreakingNewsTransition } from '../content/breaking.ts';
import { memoByContent } from '../content/memo.ts';
import type { ImageShape } from '../api/shapes.ts';
import { route } from '../../lib/routes.ts';
import type { Locale } from '../../i18n/locales.ts';

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

async function load(db: DB, lang: Locale): Promise<{ shell: ShellData; until: number | undefined }> {
  const now = new Date();
  const [masterTags, tendersId, live, breaking, transition] = await Promise.all([
    masterTagTree(db, lang),
    tendersTagId(db, lang),
    liveSection(db, lang),
    activeBreakingNews(db, lang, now),
    nextBreakingNewsTransition(db, lang, now),
  ]);
  const shell: ShellData = {
    masterTags,
    tendersPath:
      tendersId !== undefined
        ? route('posts-tag-id', lang, { id: tendersId })
        : route('navigationlinks-page', lang, { page: 'appel-offre' }),
    replayCategories: replayCategoryPaths(lang),
    live: { title: live.title, poster: live.poster },
    breaking: breaking !== undefined,
  };
  return { shell, until: transition ? Date.parse(transition) : undefined };
}

/** The shell of one language (`db`: the process's store by default). */
export async function loadShell(lang: Locale, db?: DB): Promise<ShellData> {
  const store = db ?? (await getDb());
  const { shell } = await memoByContent(store, `shell:${lang}`, () => load(store, lang), { until: (v) => v.until });
  return shell;
}
