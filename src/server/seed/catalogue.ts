/**
 * Taxonomy and the video catalogue: programmes and episodes, news bulletins,
 * web videos, the programme grid, Starlight, the live channel, static pages
 * and ad tags.
 */
import type { Kysely } from 'kysely';
import type { Database, JtEdition, NewRow } from '../db/schema.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { STATIC_PAGE_KEYS } from '../db/schema.ts';
import type { ImageIds } from './assets.ts';
import { type Headline, type MasterTagRef, type Taxonomy } from './articles.ts';
import { CITIES, PEOPLE } from './data/places.ts';
import { PROGRAMMES, type ProgrammeDef } from './data/programmes.ts';
import { CANDIDATE_FIRST, CANDIDATE_LAST, COACHES, PERFORMANCES, SEASONS, STYLES } from './data/starlight.ts';
import { STATIC_PAGES } from './data/static-pages.ts';
import { AUTHORS, DOSSIERS, MASTER_TAGS, TAGS } from './data/taxonomy.ts';
import type { Bi } from './data/types.ts';
import { WEB_VIDEO_TAGS } from './data/webvideos.ts';
import { feminine } from './data/fragments.ts';
import { insertMany, insertOne } from './dbutil.ts';
import { SAMPLE_VIDEOS, type SampleVideo } from './media.ts';
import type { Rng } from './prng.ts';
import { fde } from './text.ts';
import { makeSlug } from '../http/slug.ts';
import { addDays, arDate, broadcastDay, frDate, localDay, localToUtc, weekday } from './time.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A video row playing one of the committed samples (public/sample-media/vod/). */
async function video(db: Kysely<Database>, sample: SampleVideo, posterId: number | null): Promise<number> {
  return insertOne(db, 'videos', { ...sample, poster_image_id: posterId });
}

const views = (rng: Rng, max: number): number => Math.floor(300 + Math.pow(rng.next(), 3) * max);

/** Authors, master tags (with children), tags and dossiers in both languages. */
export async function createTaxonomy(db: Kysely<Database>, images: ImageIds): Promise<Taxonomy> {
  const tax: Taxonomy = {
    master: { ar: new Map(), fr: new Map() },
    tags: { ar: new Map(), fr: new Map() },
    dossiers: { ar: new Map(), fr: new Map() },
    authors: [],
    programmes: new Map(),
  };
  for (const a of AUTHORS) {
    tax.authors.push(
      await insertOne(db, 'authors', { slug: a.slug, name_ar: a.name.ar, name_fr: a.name.fr, role_ar: a.role.ar, role_fr: a.role.fr }),
    );
  }
  for (const lang of LOCALES) {
    for (const [i, m] of MASTER_TAGS.entries()) {
      const id = await insertOne(db, 'master_tags', {
        lang,
        translation_key: `master-${m.route}`,
        name: m.name[lang],
        route_name: m.route,
        parent_id: null,
        position: i,
      });
      const ref: MasterTagRef = { id, name: m.name[lang], route: m.route, top: m.route };
      tax.master[lang].set(m.route, ref);
    }
    for (const m of MASTER_TAGS) {
      const parent = tax.master[lang].get(m.route);
      for (const [i, c] of m.children.entries()) {
        const id = await insertOne(db, 'master_tags', {
          lang,
          translation_key: `master-${c.route}`,
          name: c.name[lang],
          route_name: c.route,
          parent_id: parent?.id ?? null,
          position: i,
        });
        tax.master[lang].set(c.route, { id, name: c.name[lang], route: c.route, top: m.route });
      }
    }
    for (const t of TAGS) {
      const id = await insertOne(db, 'tags', {
        lang,
        translation_key: `tag-${t.slug}`,
        slug: t.slug,
        name: t.name[lang],
        description: t.description[lang],
        is_call_for_tenders: t.tenders ? 1 : 0,
      });
      tax.tags[lang].set(t.slug, { id, name: t.name[lang] });
    }
    for (const [i, d] of DOSSIERS.entries()) {
      const id = await insertOne(db, 'dossiers', {
        lang,
        translation_key: `dossier-${d.slug}`,
        slug: d.slug,
        title: d.title[lang],
        description: d.description[lang],
        cover_image_id: images.dossiers[d.slug] ?? null,
        position: i,
      });
      tax.dossiers[lang].set(d.slug, id);
    }
  }
  return tax;
}

export interface EpisodeRef {
  id: number;
  programme: string;
  day: string;
}

/** The local days on which a programme's last `count` episodes aired (oldest first). */
function airDays(def: ProgrammeDef, now: Date, count: number, durationMin: number): string[] {
  const today = localDay(now);
  if (def.kind === 'film') return [addDays(today, -(def.weekday ?? 30))];
  const days: string[] = [];
  for (let back = 0; days.length < count && back < 400; back++) {
    const d = addDays(today, -back);
    const wd = weekday(d);
    const ok = def.weekday === null ? wd >= 1 && wd <= 5 : wd === def.weekday;
    if (ok && localToUtc(d, def.airMinutes + durationMin).getTime() <= now.getTime()) days.push(d);
  }
  return days.reverse();
}

export async function createProgrammes(
  db: Kysely<Database>,
  rng: Rng,
  now: Date,
  images: ImageIds,
): Promise<{ ids: Map<string, number>; episodes: EpisodeRef[] }> {
  const ids = new Map<string, number>();
  const episodes: EpisodeRef[] = [];
  for (const [position, def] of PROGRAMMES.entries()) {
    const id = await insertOne(db, 'programmes', {
      kind: def.kind,
      slug: def.slug,
      title_ar: def.title.ar,
      title_fr: def.title.fr,
      description_ar: def.description.ar,
      description_fr: def.description.fr,
      genre: def.genre,
      cover_image_id: images.programmeCover[def.slug] ?? null,
      poster_image_id: images.programmePoster[def.slug] ?? null,
      schedule_ar: def.schedule.ar,
      schedule_fr: def.schedule.fr,
      position,
      is_active: 1,
      created_at: new Date(now.getTime() - (400 + position * 30) * DAY).toISOString(),
    });
    ids.set(def.slug, id);
    const thumbs = images.programmeThumbs[def.slug] ?? [];
    const days = airDays(def, now, def.episodes, def.minutes[1]);
    for (const [i, day] of days.entries()) {
      const minutes = rng.int(def.minutes[0], def.minutes[1]);
      const city = rng.pick(CITIES);
      let city2 = rng.pick(CITIES);
      while (city2.slug === city.slug) city2 = rng.pick(CITIES);
      const text = def.episode({ n: i + 1, city, city2, guest: rng.pick(PEOPLE) });
      const thumb = thumbs[i % Math.max(1, thumbs.length)] ?? null;
      const videoId = await video(db, SAMPLE_VIDEOS.replay, thumb);
      const publishedAt = new Date(localToUtc(day, def.airMinutes + minutes).getTime() + 10 * MINUTE);
      const episodeId = await insertOne(db, 'episodes', {
        programme_id: id,
        season: def.season,
        number: i + 1,
        title_ar: text.title.ar,
        title_fr: text.title.fr,
        description_ar: text.description.ar,
        description_fr: text.description.fr,
        video_id: videoId,
        thumbnail_image_id: thumb,
        published_at: new Date(Math.min(publishedAt.getTime(), now.getTime())).toISOString(),
        view_count: views(rng, def.kind === 'emission' ? 400_000 : 250_000),
      });
      episodes.push({ id: episodeId, programme: def.slug, day });
    }
  }
  return { ids, episodes };
}

interface Edition {
  edition: JtEdition;
  minutes: number;
  duration: [number, number];
  title: (day: string) => Bi;
  grid: Bi;
}

const JT_EDITIONS: readonly Edition[] = [
  {
    edition: 'amz',
    minutes: 12 * 60,
    duration: [20, 22],
    title: (d) => ({ ar: `النشرة الإخبارية بالأمازيغية - ${arDate(d)}`, fr: `Journal en amazigh - ${frDate(d)}` }),
    grid: { ar: 'النشرة الإخبارية بالأمازيغية', fr: 'Journal en amazigh' },
  },
  {
    edition: 'ar',
    minutes: 12 * 60 + 45,
    duration: [28, 30],
    title: (d) => ({ ar: `الأخبار الزوالية - ${arDate(d)}`, fr: `Journal de 12h45 - ${frDate(d)}` }),
    grid: { ar: 'الأخبار الزوالية', fr: 'Journal de 12h45' },
  },
  {
    edition: 'fr',
    minutes: 13 * 60 + 30,
    duration: [22, 25],
    title: (d) => ({ ar: `نشرة الظهيرة بالفرنسية - ${arDate(d)}`, fr: `Journal de 13h30 - ${frDate(d)}` }),
    grid: { ar: 'نشرة الظهيرة بالفرنسية', fr: 'Journal de 13h30' },
  },
  {
    edition: 'fr',
    minutes: 19 * 60 + 45,
    duration: [23, 25],
    title: (d) => ({ ar: `النشرة المسائية بالفرنسية - ${arDate(d)}`, fr: `Journal de 19h45 - ${frDate(d)}` }),
    grid: { ar: 'النشرة المسائية بالفرنسية', fr: 'Journal de 19h45' },
  },
  {
    edition: 'ar',
    minutes: 20 * 60 + 45,
    duration: [32, 35],
    title: (d) => ({ ar: `الأخبار المسائية - ${arDate(d)}`, fr: `Journal de 20h45 - ${frDate(d)}` }),
    grid: { ar: 'الأخبار المسائية', fr: 'Journal de 20h45' },
  },
];

const JT_DAYS = 14;

/** News bulletins of the last 14 days, including today's already broadcast editions. */
export async function createBulletins(db: Kysely<Database>, rng: Rng, now: Date, images: ImageIds, headlines: readonly Headline[]): Promise<number> {
  const today = localDay(now);
  const rows: NewRow<'jt_bulletins'>[] = [];
  for (let back = JT_DAYS - 1; back >= 0; back--) {
    const day = addDays(today, -back);
    for (const [k, e] of JT_EDITIONS.entries()) {
      const minutes = rng.int(e.duration[0], e.duration[1]);
      const end = localToUtc(day, e.minutes + minutes);
      if (end.getTime() > now.getTime()) continue;
      // The day's news: stories published in the three days before the broadcast.
      const recent = headlines.filter((h) => h.at <= end.getTime() && h.at > end.getTime() - 3 * DAY);
      const before = headlines.filter((h) => h.at <= end.getTime());
      const pool = recent.length >= 3 ? recent : before.length >= 3 ? before : headlines;
      const picks = rng.sample(pool, 3).map((h) => h.title);
      const thumbs = images.jt[e.edition];
      const thumb = thumbs[k % Math.max(1, thumbs.length)] ?? null;
      const title = e.title(day);
      rows.push({
        edition: e.edition,
        air_date: day,
        air_time: `${String(Math.floor(e.minutes / 60)).padStart(2, '0')}:${String(e.minutes % 60).padStart(2, '0')}`,
        title_ar: title.ar,
        title_fr: title.fr,
        description_ar: `أبرز عناوين النشرة: ${picks.map((h) => h.ar).join('؛ ')}.`,
        description_fr: `Au sommaire : ${picks.map((h) => h.fr).join(' ; ')}.`,
        video_id: await video(db, SAMPLE_VIDEOS.journal, thumb),
        thumbnail_image_id: thumb,
        published_at: end.toISOString(),
        view_count: views(rng, 80_000),
      });
    }
  }
  await insertMany(db, 'jt_bulletins', rows);
  return rows.length;
}

/** The channel's web formats ("by2m"). */
export async function createWebVideos(db: Kysely<Database>, rng: Rng, now: Date, images: ImageIds): Promise<{ tags: number; videos: number }> {
  let count = 0;
  for (const [position, t] of WEB_VIDEO_TAGS.entries()) {
    const tagId = await insertOne(db, 'web_video_tags', { slug: t.slug, name_ar: t.name.ar, name_fr: t.name.fr, position });
    const thumbs = images.web[t.slug] ?? [];
    for (const [i, v] of t.videos.entries()) {
      const thumb = thumbs[i % Math.max(1, thumbs.length)] ?? null;
      await insertOne(db, 'web_videos', {
        slug: makeSlug(v.title.fr, { max: 70, ascii: true }),
        tag_id: tagId,
        title_ar: v.title.ar,
        title_fr: v.title.fr,
        description_ar: v.description.ar,
        description_fr: v.description.fr,
        video_id: await video(db, SAMPLE_VIDEOS.web, thumb),
        thumbnail_image_id: thumb,
        published_at: new Date(now.getTime() - Math.round((0.2 + rng.next() * 59.5) * DAY)).toISOString(),
        view_count: views(rng, 120_000),
      });
      count++;
    }
  }
  return { tags: WEB_VIDEO_TAGS.length, videos: count };
}

interface Slot {
  at: number;
  title: Bi;
  genre: string;
  programme?: string;
  live?: boolean;
}

const DOCUMENTARIES: readonly Bi[] = [
  { ar: 'وثائقي: المغرب من السماء', fr: 'Documentaire : le Maroc vu du ciel' },
  { ar: 'وثائقي: أسرار الأطلس', fr: "Documentaire : les secrets de l'Atlas" },
  { ar: 'وثائقي: حكايات المدن العتيقة', fr: 'Documentaire : histoires de médinas' },
  { ar: 'وثائقي: قصور الجنوب', fr: 'Documentaire : les ksour du Sud' },
  { ar: 'وثائقي: الحرفيون الأخيرون', fr: 'Documentaire : les derniers artisans' },
  { ar: 'وثائقي: طريق القوافل', fr: 'Documentaire : la route des caravanes' },
  { ar: 'وثائقي: غابات الأرز', fr: 'Documentaire : les forêts de cèdres' },
];

const FILMS: readonly Bi[] = [
  { ar: 'فيلم: ليالي الدار البيضاء', fr: 'Film : Nuits de Casablanca' },
  { ar: 'فيلم: الطريق إلى زاكورة', fr: 'Film : La Route de Zagora' },
  { ar: 'فيلم: رسالة من طنجة', fr: 'Film : Lettre de Tanger' },
  { ar: 'فيلم: حارس المنارة', fr: 'Film : Le Gardien du phare' },
  { ar: 'فيلم: صيف في أصيلة', fr: 'Film : Un été à Asilah' },
  { ar: 'فيلم: العودة إلى الدوار', fr: 'Film : Retour au douar' },
  { ar: 'فيلم: سر الحكواتي', fr: 'Film : Le Secret du conteur' },
];

function programmeTitle(slug: string, rerun = false): Bi {
  const def = PROGRAMMES.find((p) => p.slug === slug);
  const t = def?.title ?? { ar: slug, fr: slug };
  return rerun ? { ar: `${t.ar} (إعادة)`, fr: `${t.fr} (rediffusion)` } : t;
}

/** One broadcast day, 06:00 to 06:00 the next morning local, back to back: the night has its reruns. */
function daySlots(day: string, index: number): Slot[] {
  const wd = weekday(day);
  const weekend = wd === 0 || wd === 6;
  const jt = JT_EDITIONS;
  const doc = (k: number): Bi => DOCUMENTARIES[(index + k) % DOCUMENTARIES.length] as Bi;
  const film = (k: number): Bi => FILMS[(index + k) % FILMS.length] as Bi;
  const news = (i: number): Slot => {
    const e = jt[i] as Edition;
    return { at: e.minutes, title: e.grid, genre: 'information', live: true };
  };
  const prime: Record<number, Slot> = {
    0: index % 2 === 0
      ? { at: 1290, title: programmeTitle(index % 4 === 0 ? 'louz-tafraout' : 'akhir-qitar-wajda'), genre: 'film', programme: index % 4 === 0 ? 'louz-tafraout' : 'akhir-qitar-wajda' }
      : { at: 1290, title: film(3), genre: 'film' },
    1: { at: 1290, title: programmeTitle('mais-encore'), genre: 'debat', programme: 'mais-encore' },
    2: { at: 1290, title: programmeTitle('tahqiq'), genre: 'documentaire', programme: 'tahqiq' },
    3: { at: 1290, title: { ar: 'سهرة سينمائية', fr: 'Soirée cinéma' }, genre: 'film' },
    4: { at: 1290, title: programmeTitle('lalla-laaroussa'), genre: 'jeu', programme: 'lalla-laaroussa' },
    5: { at: 1290, title: programmeTitle('bab-labhar'), genre: 'serie', programme: 'bab-labhar' },
    6: { at: 1290, title: programmeTitle('rachid-show'), genre: 'divertissement', programme: 'rachid-show' },
  };
  return [
    { at: 360, title: { ar: 'تلاوة من القرآن الكريم', fr: 'Récitation du Saint Coran' }, genre: 'religieux' },
    { at: 375, title: { ar: 'رسوم متحركة', fr: 'Dessins animés' }, genre: 'jeunesse' },
    weekend
      ? { at: 420, title: doc(0), genre: 'documentaire' }
      : { at: 420, title: programmeTitle('sabahiyat-2m'), genre: 'magazine', programme: 'sabahiyat-2m' },
    { at: 540, title: programmeTitle('dar-lbahja', true), genre: 'serie', programme: 'dar-lbahja' },
    { at: 585, title: doc(1), genre: 'documentaire' },
    { at: 645, title: { ar: 'شهيوات دوزيم', fr: 'Chhiwate 2M' }, genre: 'magazine' },
    { at: 690, title: programmeTitle('al-ghaliya', true), genre: 'serie', programme: 'al-ghaliya' },
    news(0),
    { at: 740, title: { ar: 'صحتك أولا', fr: "Santé d'abord" }, genre: 'magazine' },
    news(1),
    { at: 795, title: { ar: 'النشرة الجوية', fr: 'Météo' }, genre: 'information' },
    news(2),
    weekend
      ? { at: 835, title: programmeTitle('lalla-laaroussa', true), genre: 'jeu', programme: 'lalla-laaroussa' }
      : { at: 835, title: programmeTitle('al-ghaliya'), genre: 'serie', programme: 'al-ghaliya' },
    { at: 870, title: film(0), genre: 'film' },
    { at: 975, title: weekend ? doc(2) : programmeTitle('tahqiq', true), genre: 'documentaire', ...(weekend ? {} : { programme: 'tahqiq' }) },
    { at: 1035, title: { ar: 'ركن الأطفال', fr: 'Le coin des enfants' }, genre: 'jeunesse' },
    { at: 1080, title: { ar: 'مسلسل مدبلج', fr: 'Série étrangère doublée' }, genre: 'serie' },
    { at: 1140, title: { ar: 'مجلة الرياضة', fr: 'Le magazine des sports' }, genre: 'sport' },
    news(3),
    weekend
      ? { at: 1210, title: doc(3), genre: 'documentaire' }
      : { at: 1210, title: programmeTitle('dar-lbahja'), genre: 'serie', programme: 'dar-lbahja' },
    news(4),
    { at: 1280, title: { ar: 'النشرة الجوية', fr: 'Météo' }, genre: 'information' },
    prime[wd] as Slot,
    { at: 1380, title: { ar: 'سهرة موسيقية', fr: 'Soirée musicale' }, genre: 'musique' },
    { at: 1425, title: { ar: 'إعادة الأخبار المسائية', fr: 'Rediffusion du journal du soir' }, genre: 'information' },
    { at: 1460, title: film(5), genre: 'film' },
    { at: 1570, title: { ar: `${doc(4).ar} (إعادة)`, fr: `${doc(4).fr} (rediffusion)` }, genre: 'documentaire' },
    { at: 1650, title: { ar: 'أنغام الليل', fr: 'Musiques de nuit' }, genre: 'musique' },
    { at: 1740, title: { ar: 'إعادة الأخبار المسائية', fr: 'Rediffusion du journal du soir' }, genre: 'information' },
  ];
}

const GRID_DAYS_BEFORE = 7;
const GRID_DAYS_AFTER = 6;
/** The last programme ends as the next broadcast day starts: 06:00 the next morning. */
const GRID_END = 30 * 60;

/**
 * The programme grid from 7 days before the broadcast day in progress to 6
 * days after. Its days are broadcast days, as the TV guide and the desk read
 * them: seeded between midnight and 06:00, the grid is centred on the day
 * still on air, not on the calendar's next one.
 */
export async function createGrid(
  db: Kysely<Database>,
  now: Date,
  programmes: Map<string, number>,
  episodes: readonly EpisodeRef[],
): Promise<number> {
  const today = broadcastDay(now);
  const byDay = new Map(episodes.map((e) => [`${e.programme}|${e.day}`, e.id]));
  const rows: NewRow<'grid_entries'>[] = [];
  for (let offset = -GRID_DAYS_BEFORE; offset <= GRID_DAYS_AFTER; offset++) {
    const day = addDays(today, offset);
    const slots = daySlots(day, offset + GRID_DAYS_BEFORE);
    slots.forEach((s, i) => {
      const next = slots[i + 1];
      const endMin = next ? next.at : GRID_END;
      const rerun = s.title.fr.endsWith('(rediffusion)');
      rows.push({
        day,
        starts_at: localToUtc(day, s.at).toISOString(),
        ends_at: localToUtc(day, endMin).toISOString(),
        title_ar: s.title.ar,
        title_fr: s.title.fr,
        genre: s.genre,
        programme_id: s.programme ? (programmes.get(s.programme) ?? null) : null,
        episode_id: s.programme && !rerun ? (byDay.get(`${s.programme}|${day}`) ?? null) : null,
        is_live: s.live ? 1 : 0,
      });
    });
  }
  await insertMany(db, 'grid_entries', rows);
  return rows.length;
}

/** Starlight seasons 1–3 with candidates, coaches and videos; season 3 is the running one. */
export async function createStarlight(
  db: Kysely<Database>,
  rng: Rng,
  now: Date,
  images: ImageIds,
): Promise<{ seasons: number; people: number; videos: number }> {
  // The last Saturday prime (21:30 local) already aired.
  let last = localDay(now);
  while (weekday(last) !== 6 || localToUtc(last, 21 * 60 + 30 + 150).getTime() > now.getTime()) last = addDays(last, -1);
  const names = rng.shuffle(CANDIDATE_FIRST.flatMap((f) => CANDIDATE_LAST.map((l) => ({ f, l }))));
  let nameCursor = 0;
  let people = 0;
  let videoCount = 0;
  const portraits = images.portraits;
  let portraitCursor = 0;
  const coachSets = [
    [0, 1, 2],
    [0, 1, 2, 3],
    [1, 2, 3, 4],
  ];
  for (const s of SEASONS) {
    const primes = 6;
    const lastPrime = addDays(last, -364 * (SEASONS.length - s.number));
    const primeDays = Array.from({ length: primes }, (_, k) => addDays(lastPrime, -7 * (primes - 1 - k)));
    const firstPrime = primeDays[0] ?? lastPrime;
    const year = Number(firstPrime.slice(0, 4));
    const seasonId = await insertOne(db, 'starlight_seasons', {
      number: s.number,
      year,
      title_ar: s.title.ar,
      title_fr: s.title.fr,
      description_ar: s.description.ar,
      description_fr: s.description.fr,
      cover_image_id: images.starlightCovers[s.number - 1] ?? null,
    });
    const at = (day: string, minutes: number): string => {
      const t = localToUtc(day, minutes).getTime();
      return new Date(Math.min(t, now.getTime() - MINUTE)).toISOString();
    };
    const thumb = (): number | null => rng.pick(images.starlightThumbs);
    const photo = (): number | null => portraits[portraitCursor++ % Math.max(1, portraits.length)] ?? null;

    const candidates: { id: number; name: Bi; female: boolean }[] = [];
    for (let i = 0; i < 10; i++) {
      const n = names[nameCursor++] as { f: Bi & { f: boolean }; l: Bi };
      const female = n.f.f;
      const name = { ar: `${n.f.ar} ${n.l.ar}`, fr: `${n.f.fr} ${n.l.fr}` };
      const city = rng.pick(CITIES);
      const style = rng.pick(STYLES);
      const age = rng.int(18, 27);
      const id = await insertOne(db, 'starlight_people', {
        season_id: seasonId,
        role: 'candidate',
        slug: `${makeSlug(name.fr, { max: 80, ascii: true })}-saison-${s.number}`,
        name_ar: name.ar,
        name_fr: name.fr,
        city_ar: city.ar,
        city_fr: city.fr,
        bio_ar: `${name.ar}، ${age} سنة، ${female ? 'شابة' : 'شاب'} من ${city.ar} ${female ? 'تعشق' : 'يعشق'} ${style.ar}. ${female ? 'شاركت' : 'شارك'} في تجارب الأداء بعد سنوات من الغناء في الحفلات المدرسية والجمعوية، ${female ? 'وتحلم' : 'ويحلم'} بمسيرة فنية احترافية.`,
        bio_fr: `${name.fr}, ${age} ans, originaire ${fde(city.fr)}, ${female ? 'passionnée' : 'passionné'} par ${style.fr}. Après des années de scène dans les fêtes d'école et les associations, ${female ? 'elle' : 'il'} a tenté le casting et rêve d'une carrière professionnelle.`,
        photo_image_id: photo(),
        position: i,
      });
      candidates.push({ id, name, female });
      people++;
    }
    for (const [i, c] of (coachSets[s.number - 1] ?? []).entries()) {
      const coach = COACHES[c];
      if (!coach) continue;
      const city = CITIES.find((x) => x.slug === coach.city) ?? CITIES[0];
      await insertOne(db, 'starlight_people', {
        season_id: seasonId,
        role: 'coach',
        slug: `${makeSlug(coach.name.fr, { max: 80, ascii: true })}-saison-${s.number}`,
        name_ar: coach.name.ar,
        name_fr: coach.name.fr,
        city_ar: city?.ar ?? '',
        city_fr: city?.fr ?? '',
        bio_ar: coach.bio.ar,
        bio_fr: coach.bio.fr,
        photo_image_id: photo(),
        position: i,
      });
      people++;
    }

    const vids: NewRow<'starlight_videos'>[] = [];
    for (const [k, day] of primeDays.entries()) {
      const t = thumb();
      vids.push({
        season_id: seasonId,
        person_id: null,
        kind: 'prime',
        title_ar: `ستارلايت ${s.number} - البرايم ${k + 1}`,
        title_fr: `Starlight ${s.number} - Prime ${k + 1}`,
        video_id: await video(db, SAMPLE_VIDEOS.replay, t),
        thumbnail_image_id: t,
        published_at: at(day, 21 * 60 + 30 + 150),
        view_count: views(rng, 500_000),
      });
    }
    for (const c of candidates) {
      const perf = rng.pick(PERFORMANCES);
      const ar = c.female ? feminine(perf.ar).replace('تأليفه', 'تأليفها') : perf.ar;
      const t = rng.pick(images.starlightThumbs);
      vids.push({
        season_id: seasonId,
        person_id: c.id,
        kind: 'performance',
        title_ar: `${c.name.ar} ${ar}`,
        title_fr: `${c.name.fr} ${perf.fr}`,
        video_id: await video(db, SAMPLE_VIDEOS.clip, t),
        thumbnail_image_id: t,
        published_at: at(rng.pick(primeDays), 21 * 60 + 30 + rng.int(20, 140)),
        view_count: views(rng, 200_000),
      });
    }
    for (const c of rng.sample(candidates, 4)) {
      const t = rng.pick(images.starlightThumbs);
      vids.push({
        season_id: seasonId,
        person_id: c.id,
        kind: 'portrait',
        title_ar: `بورتريه: ${c.name.ar}`,
        title_fr: `Portrait : ${c.name.fr}`,
        video_id: await video(db, SAMPLE_VIDEOS.clip, t),
        thumbnail_image_id: t,
        published_at: at(addDays(firstPrime, -rng.int(2, 6)), 18 * 60),
        view_count: views(rng, 90_000),
      });
    }
    for (const city of rng.sample(CITIES.slice(0, 8), 2)) {
      const t = rng.pick(images.starlightThumbs);
      vids.push({
        season_id: seasonId,
        person_id: null,
        kind: 'casting',
        title_ar: `كاستينغ ستارلايت ${s.number}: محطة ${city.ar}`,
        title_fr: `Casting Starlight ${s.number} : étape ${fde(city.fr)}`,
        video_id: await video(db, SAMPLE_VIDEOS.clip, t),
        thumbnail_image_id: t,
        published_at: at(addDays(firstPrime, -rng.int(20, 40)), 19 * 60),
        view_count: views(rng, 60_000),
      });
    }
    for (const k of rng.sample([1, 2, 3, 4, 5, 6], 2)) {
      const t = rng.pick(images.starlightThumbs);
      vids.push({
        season_id: seasonId,
        person_id: null,
        kind: 'backstage',
        title_ar: `كواليس البرايم ${k} من ستارلايت ${s.number}`,
        title_fr: `Coulisses du prime ${k} de Starlight ${s.number}`,
        video_id: await video(db, SAMPLE_VIDEOS.clip, t),
        thumbnail_image_id: t,
        published_at: at(primeDays[k - 1] ?? firstPrime, 21 * 60 + 30 + 170),
        view_count: views(rng, 40_000),
      });
    }
    await insertMany(db, 'starlight_videos', vids);
    videoCount += vids.length;
  }
  return { seasons: SEASONS.length, people, videos: videoCount };
}

export async function createLiveChannel(db: Kysely<Database>, images: ImageIds): Promise<number> {
  await insertOne(db, 'live_channels', {
    slug: '2m-maroc',
    name_ar: 'دوزيم',
    name_fr: '2M Maroc',
    stream_url: null,
    poster_image_id: images.live || null,
    is_active: 1,
    position: 0,
  });
  return 1;
}

export async function createStaticPages(db: Kysely<Database>, rng: Rng, now: Date): Promise<number> {
  const rows: NewRow<'static_pages'>[] = [];
  for (const lang of LOCALES) {
    for (const key of STATIC_PAGE_KEYS) {
      const page = STATIC_PAGES[key];
      rows.push({
        lang,
        page: key,
        title: page.title[lang],
        body_html: page.body[lang],
        updated_at: new Date(now.getTime() - rng.int(3, 200) * DAY).toISOString(),
      });
    }
  }
  await insertMany(db, 'static_pages', rows);
  return rows.length;
}

export async function createAdTags(db: Kysely<Database>, tax: Taxonomy): Promise<number> {
  const tag = (lang: Locale, slug: string): number | null => tax.tags[lang].get(slug)?.id ?? null;
  const prog = (slug: string): number | null => tax.programmes.get(slug) ?? null;
  const rows: NewRow<'ad_tags'>[] = [
    { tag_id: tag('ar', 'botola-pro'), programme_id: null, pub_code: '/2M/video/preroll-sport', description: 'Pré-roll sport : Botola Pro (arabe)' },
    { tag_id: tag('fr', 'botola-pro'), programme_id: null, pub_code: '/2M/video/preroll-sport', description: 'Pré-roll sport : Botola Pro (français)' },
    { tag_id: tag('ar', 'lions-de-l-atlas'), programme_id: null, pub_code: '/2M/video/preroll-sport', description: "Pré-roll sport : Lions de l'Atlas (arabe)" },
    { tag_id: tag('fr', 'tourisme'), programme_id: null, pub_code: null, description: 'Tourisme : unité pré-roll par défaut' },
    { tag_id: null, programme_id: prog('rachid-show'), pub_code: '/2M/video/preroll-divertissement', description: 'Rachid Show : pré-roll divertissement' },
    { tag_id: null, programme_id: prog('lalla-laaroussa'), pub_code: null, description: 'Lalla Laaroussa : unité pré-roll par défaut' },
    { tag_id: null, programme_id: prog('dar-lbahja'), pub_code: '/2M/video/preroll-series', description: 'Dar Lbahja : pré-roll séries' },
    { tag_id: null, programme_id: prog('mais-encore'), pub_code: '/2M/video/preroll-info', description: 'Mais encore ? : pré-roll information' },
  ];
  await insertMany(db, 'ad_tags', rows);
  return rows.length;
}

