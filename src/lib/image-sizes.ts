/**
 * The `sizes` of the pictures that are a page's largest paint, shared by the
 * component that draws them and the page's preload (SiteLayout, meta.lcpImage):
 * the same sizes, so the preloaded file is the one the <img> picks.
 */
/** The home slider's lead card (ArticleCard variant "lead"). */
export const LEAD_CARD_SIZES = '(min-width: 1200px) 760px, (min-width: 992px) 62vw, 100vw';
/** The home page's slider lead (src/pages/[lang]/index.astro). */
export const HOME_LEAD_SIZES = '(min-width: 1200px) 700px, (min-width: 992px) 58vw, 100vw';
/** An article's cover or video poster (ArticleView, VideoPoster). */
export const ARTICLE_COVER_SIZES = '(min-width: 800px) 760px, 100vw';
/**
 * Where an article's cover or video poster is its largest paint, so worth a
 * preload: not on a phone (under 576 px), where the header, the title, the
 * lead and the byline push it below the first screen (412 × 823: its top at
 * 914–977 px) and the title is the largest paint (ADR 014).
 */
export const ARTICLE_COVER_PRELOAD_MEDIA = '(min-width: 576px)';
/** A video page's poster (PlayerPoster: the live page, replays, bulletins). */
export const PLAYER_POSTER_SIZES = '(min-width: 1200px) 800px, (min-width: 900px) 66vw, 100vw';
/** The live strip's picture, CSS px wide (104 px high at 16:9, src/islands/player/live-strip.css): a `<video poster>`, one URL. */
export const LIVE_STRIP_POSTER_WIDTH = 185;
/** The TV guide's "now" box picture (GuideNow): its box's width on a phone (the page's and the box's padding off), 320 px beside the text from 640 px. */
export const GUIDE_NOW_SIZES = '(min-width: 640px) 320px, calc(100vw - 4rem)';
