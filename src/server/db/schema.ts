/**
 * Kysely table types of the content store. Times are ISO-8601 UTC strings
 * ("2026-11-22T09:30:00.000Z"), which sort correctly as text in SQLite and
 * PostgreSQL alike; booleans are 0/1 integers; JSON is stored as text.
 *
 * Editorial content written per language (articles, tags, master tags,
 * dossiers, home sections, breaking news, static pages) has a `lang` column
 * and a `translation_key` pairing an item with its translation. Catalogue
 * content shown in both languages (programmes, episodes, bulletins, videos,
 * grid, Starlight) has `_ar` / `_fr` columns.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../i18n/locales.ts';
type Id = Generated<number>;
type CreatedAt = ColumnType<string, string | undefined, never>;

interface ImagesTable {
  id: Id;
  /** Public URL path, e.g. /media/img/article-12.jpg */
  url: string;
  width: number;
  height: number;
  mime: string;
  bytes: number;
  alt_ar: string;
  alt_fr: string;
  credit: string | null;
  /** JSON: [{ url, width, height }] smaller renditions for srcset. */
  variants: string;
  /** 009_newsroom: JSON [{ url, width, height, type }] AVIF and WebP renditions of an uploaded picture. */
  renditions: ColumnType<string, string | undefined, string>;
  /** Dominant colour as #rrggbb, for a placeholder while loading. */
  color: string;
  /** 025_desk_media: the focal point, 0 to 1 across the picture from its left edge and down from its top (null: the centre); crops keep it in view. */
  focus_x: ColumnType<number | null, number | null | undefined, number | null>;
  focus_y: ColumnType<number | null, number | null | undefined, number | null>;
  /** 025_desk_media: the desk user who uploaded it (null: the newsroom API, the demo). */
  desk_uploaded_by: ColumnType<number | null, number | null | undefined, number | null>;
}

interface VideosTable {
  id: Id;
  /** HLS playlist (.m3u8) or MP4 URL. */
  url: string;
  mime: 'application/vnd.apple.mpegurl' | 'video/mp4';
  duration_s: number;
  width: number;
  height: number;
  poster_image_id: number | null;
  /** JSON: [{ lang, label, url }] WebVTT captions. */
  captions: string;
}

interface AuthorsTable {
  id: Id;
  slug: string;
  name_ar: string;
  name_fr: string;
  role_ar: string;
  role_fr: string;
}

interface TagsTable {
  id: Id;
  lang: Locale;
  translation_key: string;
  slug: string;
  name: string;
  description: string | null;
  /** 1 for the call-for-tenders tag (appels d'offres). */
  is_call_for_tenders: ColumnType<number, number | undefined, number>;
}

interface MasterTagsTable {
  id: Id;
  lang: Locale;
  translation_key: string;
  name: string;
  /** Route segment, e.g. "societe" in /fr/societe/<slug>. */
  route_name: string;
  parent_id: number | null;
  position: number;
}

interface DossiersTable {
  id: Id;
  lang: Locale;
  translation_key: string;
  slug: string;
  title: string;
  description: string;
  cover_image_id: number | null;
  position: number;
  created_at: CreatedAt;
  /** 033_dossiers: its text (sanitised HTML, the desk's editor). */
  body_html: ColumnType<string, string | undefined, string>;
  /** 033_dossiers: its last change. */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 033_dossiers: retired (its page answers 410; out of lists and sitemaps). */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface ArticlesTable {
  id: Id;
  lang: Locale;
  translation_key: string;
  slug: string;
  title: string;
  subtitle: string;
  body_html: string;
  cover_image_id: number | null;
  video_id: number | null;
  master_tag_id: number | null;
  dossier_id: number | null;
  /** 033_dossiers: its place in its dossier (null: after the placed ones, newest first). */
  dossier_position: ColumnType<number | null, number | null | undefined, number | null>;
  author_id: number | null;
  /** Programme whose results this article reports, if any. */
  programme_id: number | null;
  /**
   * withdrawn (009_newsroom): taken off the site by the newsroom (410).
   * draft and review (024_desk_stories): a desk story not published yet,
   * being written or waiting for an editor; never shown by public queries.
   */
  status: 'draft' | 'review' | 'published' | 'withdrawn';
  published_at: string;
  updated_at: string;
  view_count: ColumnType<number, number | undefined, number>;
  /** Normalised title, subtitle and tags (Arabic folded, French unaccented). */
  search_text: string;
  /** 009_newsroom: the IPTC ninjs `uri` of a newsroom article (unique), else null. */
  ninjs_uri: ColumnType<string | null, string | null | undefined, string | null>;
  /** 009_newsroom: the ninjs `version` last stored. */
  ninjs_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** 020_newsroom_items: the ninjs `versioncreated` of the version stored (orders versions sent without `version`). */
  ninjs_version_created: ColumnType<string | null, string | null | undefined, string | null>;
  /** 009_newsroom: the ninjs `by` line, shown when there is no author. */
  byline: ColumnType<string | null, string | null | undefined, string | null>;
  /** 009_newsroom: when the newsroom withdrew it (status 'withdrawn'). */
  withdrawn_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 009_newsroom: paths an article answered at before its slug or section changed. */
interface ArticleOldPathsTable {
  path: string;
  article_id: number;
  created_at: string;
}

/** 009_newsroom: bearer tokens of the newsroom API (SHA-256 hex of the token only). */
interface NewsroomTokensTable {
  id: Id;
  name: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** 009_newsroom: one row per newsroom call. */
interface NewsroomAuditTable {
  id: Id;
  token_name: string;
  /** e.g. article.publish, article.withdraw, media.upload, token.create */
  action: string;
  /** The item touched (a ninjs uri, a media id), when there is one. */
  item: string | null;
  /** HTTP status of the answer (for CLI actions: 200 or 404…). */
  outcome: number;
  detail: string | null;
  created_at: string;
}

/** 020_newsroom_items: a ninjs picture or video item, by its uri. */
interface NewsroomItemsTable {
  id: Id;
  uri: string;
  kind: 'picture' | 'video';
  /** The picture copied into the media store (a picture item, or a video's poster). */
  image_id: number | null;
  /** The replay a video item became. */
  replay_kind: 'episode' | 'jt' | 'webvideo' | null;
  replay_id: number | null;
  version: number | null;
  version_created: string | null;
  updated_at: ColumnType<string, string | undefined, string>;
}

/** 020_newsroom_items: the picture a fetched URL gave. */
interface NewsroomPicturesTable {
  id: Id;
  source_url: string;
  image_id: number;
  created_at: CreatedAt;
}

interface ArticleTagsTable {
  article_id: number;
  tag_id: number;
  position: number;
}

interface ArticleImagesTable {
  article_id: number;
  image_id: number;
  position: number;
  caption: string | null;
}

/** The home page's placements before migration 032: read no more (its rows became each language's front-page version 1, ADR 040). */
interface HomeSectionsTable {
  id: Id;
  lang: Locale;
  /** une: La UNE blocks; slider: the home slider; hot: hot topics. */
  kind: 'une' | 'slider' | 'hot';
  /** Block title for une blocks (e.g. "Société"), else null. */
  title: string | null;
  master_tag_id: number | null;
  article_id: number;
  position: number;
}

interface BreakingNewsTable {
  id: Id;
  lang: Locale;
  title: string;
  /** Site path or absolute URL the headline links to. */
  url: string;
  article_id: number | null;
  position: number;
  starts_at: string;
  ends_at: string | null;
}

interface LiveChannelsTable {
  id: Id;
  slug: string;
  name_ar: string;
  name_fr: string;
  /** Stream URL set by the newsroom (it wins over LIVE_STREAM_URL); null: LIVE_STREAM_URL, else the built-in channel. */
  stream_url: string | null;
  poster_image_id: number | null;
  is_active: number;
  position: number;
  /** 010_broadcast: the newsroom's live title per language (null: the channel's name). */
  live_title_ar: ColumnType<string | null, string | null | undefined, string | null>;
  live_title_fr: ColumnType<string | null, string | null | undefined, string | null>;
}

interface ProgrammesTable {
  id: Id;
  kind: 'emission' | 'serie' | 'film';
  slug: string;
  title_ar: string;
  title_fr: string;
  description_ar: string;
  description_fr: string;
  genre: string;
  cover_image_id: number | null;
  poster_image_id: number | null;
  /** Broadcast slot text, e.g. "Chaque samedi à 21h". */
  schedule_ar: string;
  schedule_fr: string;
  position: number;
  is_active: number;
  created_at: CreatedAt;
}

interface EpisodesTable {
  id: Id;
  programme_id: number;
  season: number;
  number: number;
  title_ar: string;
  title_fr: string;
  description_ar: string;
  description_fr: string;
  video_id: number | null;
  thumbnail_image_id: number | null;
  published_at: string;
  view_count: ColumnType<number, number | undefined, number>;
  /** 010_broadcast: the newsroom's id of this replay (upserts); null for seeded items. */
  external_uri: ColumnType<string | null, string | null | undefined, string | null>;
  /** 039_replay_retirement: when the desk retired it (off every public page); null: public from published_at. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface JtBulletinsTable {
  id: Id;
  /** ar: Arabic, fr: French, amz: Amazigh edition. */
  edition: JtEdition;
  air_date: string;
  /** Local (Africa/Casablanca) time "HH:MM". */
  air_time: string;
  title_ar: string;
  title_fr: string;
  description_ar: string;
  description_fr: string;
  video_id: number | null;
  thumbnail_image_id: number | null;
  published_at: string;
  view_count: ColumnType<number, number | undefined, number>;
  /** 010_broadcast: the newsroom's id of this replay (upserts); null for seeded items. */
  external_uri: ColumnType<string | null, string | null | undefined, string | null>;
  /** 039_replay_retirement: when the desk retired it (off every public page); null: public from published_at. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface WebVideoTagsTable {
  id: Id;
  slug: string;
  name_ar: string;
  name_fr: string;
  position: number;
}

/** The broadcaster's own web videos ("by2m"). */
interface WebVideosTable {
  id: Id;
  slug: string;
  tag_id: number;
  title_ar: string;
  title_fr: string;
  description_ar: string;
  description_fr: string;
  video_id: number | null;
  thumbnail_image_id: number | null;
  published_at: string;
  view_count: ColumnType<number, number | undefined, number>;
  /** 010_broadcast: the newsroom's id of this replay (upserts); null for seeded items. */
  external_uri: ColumnType<string | null, string | null | undefined, string | null>;
  /** 039_replay_retirement: when the desk retired it (off every public page); null: public from published_at. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface GridEntriesTable {
  id: Id;
  /** Local broadcast day "YYYY-MM-DD" (Africa/Casablanca). */
  day: string;
  starts_at: string;
  ends_at: string;
  title_ar: string;
  title_fr: string;
  genre: string;
  programme_id: number | null;
  episode_id: number | null;
  is_live: number;
  /** 010_broadcast: XMLTV `<desc lang>` per language ('' when none). */
  description_ar: ColumnType<string, string | undefined, string>;
  description_fr: ColumnType<string, string | undefined, string>;
  /** 010_broadcast: XMLTV `<icon src>`, or null. */
  icon_url: ColumnType<string | null, string | null | undefined, string | null>;
}

interface StarlightSeasonsTable {
  id: Id;
  number: number;
  year: number;
  title_ar: string;
  title_fr: string;
  description_ar: string;
  description_fr: string;
  cover_image_id: number | null;
  /** 040_starlight_desk: the last change made in the desk. */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface StarlightPeopleTable {
  id: Id;
  season_id: number;
  role: 'candidate' | 'coach';
  slug: string;
  name_ar: string;
  name_fr: string;
  city_ar: string;
  city_fr: string;
  bio_ar: string;
  bio_fr: string;
  photo_image_id: number | null;
  position: number;
  /** 040_starlight_desk: when retired in the desk (off every public page), else null. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 040_starlight_desk: the last change made in the desk. */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface StarlightVideosTable {
  id: Id;
  season_id: number;
  person_id: number | null;
  /** prime, casting, portrait, performance, backstage */
  kind: string;
  title_ar: string;
  title_fr: string;
  video_id: number | null;
  thumbnail_image_id: number | null;
  published_at: string;
  view_count: ColumnType<number, number | undefined, number>;
  /** 040_starlight_desk: the last change made in the desk. */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 041_casting_calls: the Starlight casting call of /casting and /castings, per language (`{n}`: the season's number). */
interface CastingCallsTable {
  lang: Locale;
  title: string;
  intro: string;
  steps: string;
  dates: string;
  /** The last change made in the desk (null: as the migration stored it). */
  updated_at: string | null;
}

interface StaticPagesTable {
  id: Id;
  lang: Locale;
  /** One of the navigationlinks page keys (appel-offre, charte2m, …). */
  page: string;
  title: string;
  body_html: string;
  updated_at: string;
}

interface AdTagsTable {
  id: Id;
  /** The content tag (articles) or programme this ad tag applies to. */
  tag_id: number | null;
  programme_id: number | null;
  /** The video ad unit; null means the default pre-roll unit. */
  pub_code: string | null;
  description: string;
}

/** A house video ad (docs/product.md, Ads): served by our own VAST server. */
interface AdCreativesTable {
  id: Id;
  /** Internal name, sent as the VAST AdTitle. */
  name: string;
  /** ma: shown in Morocco (country flag 0); intl: shown abroad (flag 1). */
  market: 'ma' | 'intl';
  /** Public URL path or absolute URL of the video file. */
  media_url: string;
  mime: string;
  width: number;
  height: number;
  /** Kilobits per second. */
  bitrate: number;
  duration_s: number;
  /** Click-through page (path or absolute URL; "{lang}" becomes ar or fr), or null. */
  click_url: string | null;
  /** Relative share of impressions among the eligible creatives. */
  weight: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<number, number | undefined, number>;
  /** Campaign window (ISO-8601 UTC); null means open-ended. */
  starts_at: string | null;
  ends_at: string | null;
}

/** A tracking event reported by a player for a house creative. */
interface AdEventsTable {
  id: Id;
  creative_id: number;
  /** The ad unit the ad was requested for, e.g. /2M/video/preroll-sport. */
  unit: string;
  market: 'ma' | 'intl';
  /** impression, start, firstQuartile, midpoint, thirdQuartile, complete, skip, click, error… */
  event: string;
  /** Extra data, e.g. the VAST error code of an error event. */
  detail: string | null;
  created_at: CreatedAt;
}

/**
 * A house display ad (docs/product.md, Ads): a banner for the page's slots, or a
 * desktop skin (the page background beside the content, from 970 px).
 */
interface AdBannersTable {
  id: Id;
  /** Internal name (reports). */
  name: string;
  /**
   * Where it is shown (ADR 053): `all` everywhere, `only` in `countries`,
   * `except` everywhere but `countries` (src/lib/countries.ts decides).
   */
  country_rule: ColumnType<'all' | 'only' | 'except', 'all' | 'only' | 'except' | undefined, 'all' | 'only' | 'except'>;
  /** A JSON array of ISO 3166-1 alpha-2 codes, e.g. ["MA"]; [] with `all`. */
  countries: ColumnType<string, string | undefined, string>;
  /**
   * Before countries: ma shown in Morocco, intl abroad. Kept for an instance
   * of the previous version during a rolling upgrade (migrations only add);
   * written from the countries (ma when shown in Morocco), read no more.
   */
  market: 'ma' | 'intl';
  format: 'banner' | 'skin';
  /** The creative's size in CSS pixels (a skin: its background image's). */
  width: number;
  height: number;
  /** Public path or absolute URL of the picture (a skin: its background), and its 2x rendition. */
  image_url: string | null;
  image_2x_url: string | null;
  /** The AVIF renditions of the same picture at 1x and 2x (desk creatives; null: none, the slot offers what it derives). */
  image_avif_url: ColumnType<string | null, string | null | undefined, string | null>;
  image_avif_2x_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the ad says, per language: drawn over the picture when text_overlay is 1, else its alternative text. */
  headline_ar: string | null;
  headline_fr: string | null;
  /** The call to action drawn as a button (text_overlay). */
  cta_ar: string | null;
  cta_fr: string | null;
  text_overlay: ColumnType<number, number | undefined, number>;
  /** Background colour (CSS colour); a skin's colour around its image. */
  bg_color: string | null;
  /** Where a click goes (path or absolute URL; "{lang}" becomes ar or fr). */
  click_url: string;
  weight: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<number, number | undefined, number>;
  /** Campaign window (ISO-8601 UTC); null means open-ended. */
  starts_at: string | null;
  ends_at: string | null;
}

/** What a slot reported for a house banner. */
interface AdBannerEventsTable {
  id: Id;
  banner_id: number;
  /** The slot's ad unit, e.g. /2M/mobile/top. */
  unit: string;
  market: 'ma' | 'intl';
  event: 'impression' | 'viewable' | 'click';
  created_at: CreatedAt;
  /** The served impression's id (its signed token): one event of each kind per impression. Null on rows from before tokens. */
  impression_id: string | null;
}

/** Ad events refused (ADR 030), counted per day, banner, event and reason. */
interface AdEventRefusalsTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** 0 when the token named no banner we could trust (forged). */
  banner_id: number;
  event: string;
  reason: 'forged' | 'expired' | 'repeat' | 'rate' | 'bot';
  count: number;
}

/** Secrets shared by every instance of the store (ADR 030): name → value. */
interface SiteSecretsTable {
  name: string;
  value: string;
}

interface UsersTable {
  id: Id;
  email: string;
  name: string;
  password_hash: string | null;
  birth_date: string | null;
  sexe: 'H' | 'F' | null;
  social_provider: string | null;
  social_id: string | null;
  created_at: CreatedAt;
  /** Opaque id of the member page (/{lang}/user/u/{member_id}); 24 hex or 16 base64url characters. */
  member_id: string;
  /** 1: the member chose to show their page; 0 (default): it answers 404. */
  profile_public: ColumnType<number, number | undefined, number>;
}

interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: string;
}

/** 004_accounts: failed sign-ins (and sign-up attempts) for the rate limits. */
interface NewsletterContactsTable {
  id: Id;
  email: string;
  lang: Locale;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  /** SHA-256 (hex) of the confirmation token; '' once it can no longer confirm. */
  token: string;
  created_at: CreatedAt;
  confirmed_at: string | null;
  /** 005_forms */
  name: string | null;
  /** Sent in every mail after confirmation; unsubscribes in one step. */
  unsubscribe_token: string | null;
  confirm_sent_at: string | null;
  unsubscribed_at: string | null;
  updated_at: string | null;
}

interface FormSubmissionsTable {
  id: Id;
  kind: string;
  email: string | null;
  /** JSON of the validated fields. */
  payload: string;
  created_at: CreatedAt;
  /** 005_forms: the language the form was sent in. */
  lang: Locale | null;
}

/** 005_forms: every mail sent or attempted, with its delivery state. */
interface MailDeliveriesTable {
  id: Id;
  /** newsletter-confirm, newsletter-welcome, contact… */
  kind: string;
  ref_table: string | null;
  ref_id: number | null;
  recipient: string;
  subject: string;
  transport: 'smtp' | 'outbox';
  status: 'pending' | 'sent' | 'failed';
  error: string | null;
  message_id: string | null;
  /** Outbox file name, for the outbox transport. */
  location: string | null;
  created_at: CreatedAt;
  updated_at: string | null;
  /** The rendered message (JSON of mail/queue.ts QueuedMail) while it waits to be sent (011). */
  payload: string | null;
  /** Sending attempts made so far (011). */
  attempts: number | null;
  /** ISO instant the next attempt is due (pending rows, 011). */
  next_attempt_at: string | null;
  /** ISO instant until which a worker holds the row (011). */
  claimed_until: string | null;
  /** The worker holding the row, alive while its lease `mail-worker:<name>` is (035). */
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type EditionState = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** 035_newsletter_editions: one newsletter edition of one language (ADR 042). */
interface NewsletterEditionsTable {
  id: Id;
  lang: Locale;
  subject: string;
  intro: ColumnType<string, string | undefined, string>;
  /** JSON array of article ids, in the edition's order. */
  story_ids: string;
  state: EditionState;
  /** When a scheduled edition goes out (ISO). */
  scheduled_at: string | null;
  /** 1: made by the daily schedule. */
  daily: ColumnType<number, number | undefined, number>;
  /** The last contact id the sending job has considered. */
  cursor: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  sent_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<string, string | undefined, string>;
  started_at: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 035: one recipient of an edition, written with its queued mail (primary key: edition, contact). */
interface NewsletterSendsTable {
  edition_id: number;
  contact_id: number;
  delivery_id: number | null;
  created_at: string;
}

/** 035: a language's optional daily edition. */
interface NewsletterDailyTable {
  lang: Locale;
  enabled: number;
  /** HH:MM in Africa/Casablanca. */
  time: string;
  /** The Casablanca day (YYYY-MM-DD) of the last daily edition made. */
  last_day: string | null;
  updated_by: number | null;
  updated_at: string;
}

/** 036_push_jobs: one breaking-news push sent from the desk (ADR 042). */
interface PushJobsTable {
  id: Id;
  /** The subscribers' language. */
  lang: Locale;
  article_id: number;
  title: string;
  /** JSON of the notification (src/server/push/breaking.ts). */
  payload: string;
  topic: string;
  state: 'sending' | 'sent';
  /** Subscriptions of the language when the job was made (what the confirmation showed). */
  recipients: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: CreatedAt;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 036: a subscription a push job reached (primary key: job, subscription). */
interface PushJobSendsTable {
  job_id: number;
  subscription_id: number;
  outcome: 'sent' | 'dropped' | 'failed';
  status: number;
  created_at: string;
}

/** The counters of rate-limiter-flexible (src/server/http/rate-limit.ts, 011). */
interface RateLimitsTable {
  /** `<limit name>:<key>` */
  key: string;
  points: number;
  /** End of the window, epoch milliseconds; null: never. */
  expire: number | null;
}

/** Turns one instance at a time holds (src/server/leases.ts, 015). */
interface LeasesTable {
  name: string;
  holder: string;
  /** Epoch milliseconds after which the lease may be taken over. */
  expires_at: number;
  /** Epoch milliseconds when the holder took it. */
  acquired_at: number;
}

interface ClickEventsTable {
  id: Id;
  event_id: number;
  /** JSON of the validated event. */
  payload: string;
  created_at: CreatedAt;
}

interface PlayEventsTable {
  id: Id;
  connexion_mode: 'connecté' | 'visiteur';
  content_id: string;
  video_file_url: string;
  content_type: string;
  event_id: number;
  click_source: 'resp' | 'web';
  user_id: string;
  click_date: number;
  page_url: string;
  created_at: CreatedAt;
}

/** 007_push: one browser's Web Push subscription (ADR 007). */
interface PushSubscriptionsTable {
  id: Id;
  /** The push service's URL for this browser (https; unique). */
  endpoint: string;
  /** The browser's P-256 public key (65 bytes, base64url). */
  p256dh: string;
  /** The browser's auth secret (16 bytes, base64url). */
  auth: string;
  /** The language of the page it was made on: the notifications' language. */
  lang: Locale;
  created_at: string;
  updated_at: string;
  last_success_at: string | null;
  /** Failed sends since the last success. */
  failures: ColumnType<number, number | undefined, number>;
  last_failure_at: string | null;
  /** HTTP status of the last failed send (0: no answer). */
  last_status: number | null;
}

/** 014_push_keys: the VAPID key pair every instance signs with (one row, name 'vapid'). */
interface PushKeysTable {
  name: string;
  /** Uncompressed P-256 public key (65 bytes, base64url). */
  public_key: string;
  /** P-256 private scalar (32 bytes, base64url). */
  private_key: string;
  /** 'file' (moved from DATA_DIR/push/vapid.json) or 'generated'. */
  origin: 'file' | 'generated';
  created_at: string;
}

/** 003_content_changes: the change feed every instance re-renders from (ADR 010, ADR 015). */
interface ContentChangesTable {
  id: Id;
  /** JSON array of site paths to render again. */
  paths: string;
  /** JSON array of site paths that no longer exist (410). */
  gone: ColumnType<string, string | undefined, string>;
  /** What happened, for logs: publish, update, withdraw, breaking, live, grid… */
  reason: string;
  /** When the change takes effect (ISO; later than created_at for an embargo). */
  due_at: string;
  created_at: string;
}

/** 023_desk_people: the desk's people (journalists, editors, admins), apart from visitors. */
export type DeskRole = 'journalist' | 'editor' | 'admin';

interface DeskUsersTable {
  id: Id;
  /** Lower case. */
  email: string;
  name: string;
  role: DeskRole;
  /** The language of their desk. */
  locale: Locale;
  /** argon2id PHC string; null until set from a sign-in link. */
  password_hash: string | null;
  /** TOTP secret (base32); null until set up. */
  totp_secret: string | null;
  /** When the TOTP secret was confirmed with a code (until then it is not required). */
  totp_enabled_at: string | null;
  /** The TOTP time step of the last code accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  disabled_at: string | null;
  created_at: string;
  created_by: number | null;
  last_sign_in_at: string | null;
}

/** 023_desk_people: `password` = second factor due, `setup` = two-factor to set up first, `full` = signed in. */
export type DeskSessionLevel = 'password' | 'setup' | 'full';

interface DeskSessionsTable {
  token_hash: string;
  user_id: number;
  level: DeskSessionLevel;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

interface DeskLinksTable {
  token_hash: string;
  user_id: number;
  /** first: the first admin (CLI); invite: an invitation; reset: a new sign-in link. */
  purpose: 'first' | 'invite' | 'reset';
  created_at: string;
  created_by: number | null;
  expires_at: string;
  used_at: string | null;
}

interface DeskRecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

interface DeskAuditTable {
  id: Id;
  /** null: the CLI. */
  user_id: number | null;
  /** The person's name and e-mail, or `cli:<os user>`, as they were then. */
  actor: string;
  /** e.g. story.publish, user.invite, session.sign-in */
  action: string;
  item_type: string | null;
  item_id: string | null;
  summary: string | null;
  /** JSON of what changed, before and after (versions, role, state…). */
  before_json: string | null;
  after_json: string | null;
  address: string | null;
  created_at: string;
}

/** 024_desk_stories: the desk's working copy of an article. */
interface DeskStoriesTable {
  article_id: number;
  /** Lock version: every save names the rev it started from. */
  rev: number;
  /** JSON of the story document (src/server/desk/document.ts). */
  doc: string;
  owner_id: number | null;
  /** 1: the working copy holds changes the public page does not show yet. */
  pending: number;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

interface DeskRevisionsTable {
  id: Id;
  article_id: number;
  number: number;
  /** save, submit, publish, schedule, restore, withdraw, unpublish… */
  kind: string;
  /** The story's rev this revision holds. */
  rev: number;
  doc: string;
  user_id: number | null;
  created_at: string;
}

interface DeskPresenceTable {
  article_id: number;
  user_id: number;
  seen_at: string;
}

/** 032_front_pages: a language's front page as published or scheduled (ADR 040). */
interface FrontPageVersionsTable {
  id: Id;
  lang: Locale;
  /** 1, 2… per language. */
  number: number;
  /** JSON of the layout: article ids (src/lib/front-page.ts FrontLayout). */
  layout: string;
  /** publish, schedule, restore (a published version that is an older one's layout). */
  kind: 'publish' | 'schedule' | 'restore';
  /** The version whose layout a restore published again. */
  restored_from: number | null;
  /** From when it leads the page (the newest reached, not called off, wins). */
  effective_at: string;
  /** A scheduled version called off before its time. */
  canceled_at: string | null;
  /** The desk person who made it (null: a newsroom token, the migration, the seed). */
  user_id: number | null;
  /** "Name <e-mail>", "token:<name>", "seed". */
  actor: string;
  created_at: string;
}

/** 032_front_pages: the desk's shared working copy of what is published as a whole (kind front: key ar|fr; kind page: key lang:page). */
interface DeskDraftsTable {
  kind: 'front' | 'page';
  key: string;
  /** JSON of the working copy. */
  doc: string;
  rev: number;
  updated_by: number | null;
  updated_at: string;
}

/** 026_desk_keys: signing keys shared by every instance (`preview`). */
interface DeskKeysTable {
  name: string;
  secret: string;
  created_at: string;
}

export interface Database {
  images: ImagesTable;
  videos: VideosTable;
  authors: AuthorsTable;
  tags: TagsTable;
  master_tags: MasterTagsTable;
  dossiers: DossiersTable;
  articles: ArticlesTable;
  article_tags: ArticleTagsTable;
  article_images: ArticleImagesTable;
  home_sections: HomeSectionsTable;
  breaking_news: BreakingNewsTable;
  live_channels: LiveChannelsTable;
  programmes: ProgrammesTable;
  episodes: EpisodesTable;
  jt_bulletins: JtBulletinsTable;
  web_video_tags: WebVideoTagsTable;
  web_videos: WebVideosTable;
  grid_entries: GridEntriesTable;
  starlight_seasons: StarlightSeasonsTable;
  starlight_people: StarlightPeopleTable;
  starlight_videos: StarlightVideosTable;
  casting_calls: CastingCallsTable;
  static_pages: StaticPagesTable;
  ad_tags: AdTagsTable;
  ad_creatives: AdCreativesTable;
  ad_events: AdEventsTable;
  ad_banners: AdBannersTable;
  ad_banner_events: AdBannerEventsTable;
  ad_event_refusals: AdEventRefusalsTable;
  site_secrets: SiteSecretsTable;
  users: UsersTable;
  sessions: SessionsTable;
  newsletter_contacts: NewsletterContactsTable;
  form_submissions: FormSubmissionsTable;
  mail_deliveries: MailDeliveriesTable;
  newsletter_editions: NewsletterEditionsTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_daily: NewsletterDailyTable;
  push_jobs: PushJobsTable;
  push_job_sends: PushJobSendsTable;
  rate_limits: RateLimitsTable;
  leases: LeasesTable;
  click_events: ClickEventsTable;
  play_events: PlayEventsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_keys: PushKeysTable;
  content_changes: ContentChangesTable;
  article_old_paths: ArticleOldPathsTable;
  newsroom_tokens: NewsroomTokensTable;
  newsroom_audit: NewsroomAuditTable;
  desk_users: DeskUsersTable;
  desk_sessions: DeskSessionsTable;
  desk_links: DeskLinksTable;
  desk_recovery_codes: DeskRecoveryCodesTable;
  desk_audit: DeskAuditTable;
  desk_stories: DeskStoriesTable;
  desk_revisions: DeskRevisionsTable;
  desk_presence: DeskPresenceTable;
  desk_keys: DeskKeysTable;
  newsroom_items: NewsroomItemsTable;
  newsroom_pictures: NewsroomPicturesTable;
  front_page_versions: FrontPageVersionsTable;
  desk_drafts: DeskDraftsTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;

/**
 * The news bulletins' (JT) editions: Arabic, French and Amazigh. Not the
 * site's languages (src/i18n/locales.ts): Amazigh has a bulletin and no pages.
 */
export const JT_EDITIONS = ['ar', 'fr', 'amz'] as const;
export type JtEdition = (typeof JT_EDITIONS)[number];

/** The page keys of /navigationlinks/{page} (docs/product.md, Routes). */
export const STATIC_PAGE_KEYS = [
  'appel-offre',
  'charte2m',
  'commission-programme',
  'conditions',
  'culture',
  'infos',
  'mag',
  'mentions-legales',
  'partenariat',
  'recevoir2m',
  'sur2m',
] as const;
export type StaticPageKey = (typeof STATIC_PAGE_KEYS)[number];
