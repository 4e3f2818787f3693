/** docs/product.md, Video API: video paths (the Watch/Replay pages). Queries live in server/content/video/. */
import { z } from 'zod';
import { defineRoute, idParam, pageParam, slugParam, NotFoundError } from '../define.ts';
import { imageShape, paginationShape, programmeCardShape, videoCardShape, videoSourceShape } from '../shapes.ts';
import type { DB } from '../../db/index.ts';
import { findTag, tagsWithCounts, tagVideos, tagVideosPage } from '../../content/video/by2m.ts';
import { episodeDetail } from '../../content/video/episodes.ts';
import { jtDetail, jtSlides } from '../../content/video/jt.ts';
import { emissionsWithLatest, programmeDetail, serieDetail, seriesAndFilms } from '../../content/video/programmes.ts';
import { lastReplaysPage } from '../../content/video/replays.ts';
import {
  latestSeasonCandidates,
  seasonCandidates,
  seasonVideoGroups,
} from '../../content/video/starlight.ts';
import { watchHome } from '../../content/video/watch.ts';
import { JT_EDITIONS } from '../../db/schema.ts';

/* ---- shapes of the video answers ---- */

const editionEnum = z.enum(JT_EDITIONS);

const liveShape = z
  .object({ title: z.string(), url: z.string(), poster: imageShape.nullable() })
  .meta({ id: 'LiveStream' });

const watchSectionShape = z
  .object({
    key: z.enum(['jt', 'emissions', 'series', 'by2m', 'starlight', 'latest']),
    title: z.string(),
    items: z.array(videoCardShape),
  })
  .meta({ id: 'WatchSection' });

const jtBulletinShape = videoCardShape
  .extend({
    edition: editionEnum,
    /** Broadcast day, YYYY-MM-DD. */
    airDate: z.string(),
    /** Local (Africa/Casablanca) broadcast time, HH:MM. */
    airTime: z.string(),
    video: videoSourceShape.nullable(),
  })
  .meta({ id: 'JtBulletin' });

const jtEditionShape = z.object({ edition: editionEnum, name: z.string() }).meta({ id: 'JtEdition' });

const replayNewsShape = z
  .object({
    id: z.number().int(),
    /** Original site's names: titre, url (the video file), description, image (poster URL). */
    titre: z.string(),
    url: z.string(),
    description: z.string(),
    image: z.string(),
    season: z.number().int(),
    number: z.number().int(),
    path: z.string(),
    video: videoSourceShape.nullable(),
    programme: programmeCardShape,
    next: videoCardShape.nullable(),
    playlist: z.array(videoCardShape),
    publishedAt: z.string(),
    views: z.number().int().nonnegative(),
  })
  .meta({ id: 'ReplayNews' });

const webVideoTagShape = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string() })
  .meta({ id: 'WebVideoTag' });

const tagVideosShape = z.object({ tag: webVideoTagShape, videos: z.array(videoCardShape) });

const starlightSeasonShape = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    year: z.number().int(),
    title: z.string(),
    description: z.string(),
    cover: imageShape.nullable(),
  })
  .meta({ id: 'StarlightSeason' });

const starlightPersonShape = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    city: z.string(),
    bio: z.string(),
    photo: imageShape.nullable(),
    role: z.enum(['candidate', 'coach']),
    videoCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'StarlightPerson' });

const starlightPeopleShape = z.object({
  season: starlightSeasonShape,
  candidates: z.array(starlightPersonShape),
  coaches: z.array(starlightPersonShape),
});

/* ---- helpers ---- */

function found<T>(value: T | null | undefined): T {
  if (value == null) throw new NotFoundError();
  return value;
}

/** Id of the newest public row of a catalogue table, for the contract samples. */
const publicId = async (db: DB, table: 'episodes' | 'jt_bulletins') => {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('published_at', '<=', new Date().toISOString())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return String(row.id);
};

const firstId = async (db: DB, table: 'programmes' | 'web_video_tags') => {
  const row = await db.selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  return String(row.id);
};

const firstSeasonNumber = async (db: DB) => {
  const row = await db.selectFrom('starlight_seasons').select('number').orderBy('number').limit(1).executeTakeFirstOrThrow();
  return String(row.number);
};

const noParams = async () => ({});

export const videoRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/watch',
    summary: 'Watch/Replay home: the live stream and rows of the newest JT, emissions, series, by2m, Starlight and replays',
    group: 'Watch',
    response: z.object({ live: liveShape, sections: z.array(watchSectionShape) }),
    cache: 'short',
    handler: ({ db, locale }) => watchHome(db, locale),
    sample: noParams,
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchJTDetail/',
    summary: "Newest news bulletin (JT) of the request locale's edition, with the 10 previous bulletins of that edition",
    group: 'JT',
    response: z.object({ bulletin: jtBulletinShape, playlist: z.array(videoCardShape), editions: z.array(jtEditionShape) }),
    cache: 'short',
    handler: async ({ db, locale }) => found(await jtDetail(db, undefined, locale)),
    sample: noParams,
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchJTDetail/{id}',
    summary: 'One news bulletin (JT) with its video and the 10 previous bulletins of the same edition',
    group: 'JT',
    params: z.object({ id: idParam }),
    response: z.object({ bulletin: jtBulletinShape, playlist: z.array(videoCardShape), editions: z.array(jtEditionShape) }),
    cache: 'medium',
    handler: async ({ db, locale }, { params }) => found(await jtDetail(db, params.id, locale)),
    sample: async (db) => ({ params: { id: await publicId(db, 'jt_bulletins') } }),
    unknownSample: { params: { id: '999999999' } },
    malformedSample: { params: { id: 'abc' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchEmission',
    summary: 'Active emissions (shows), each with its 4 newest episodes',
    group: 'Programmes',
    response: z.object({
      programmes: z.array(programmeCardShape.extend({ latestEpisodes: z.array(videoCardShape) })),
    }),
    cache: 'short',
    handler: ({ db, locale }) => emissionsWithLatest(db, locale),
    sample: noParams,
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchEmissionDetail/{id}',
    summary: 'A programme (emission, series or film) with all its published episodes and its season numbers',
    group: 'Programmes',
    params: z.object({ id: idParam }),
    response: z.object({
      programme: programmeCardShape,
      episodes: z.array(videoCardShape),
      seasons: z.array(z.number().int()),
    }),
    cache: 'medium',
    handler: async ({ db, locale }, { params }) => found(await programmeDetail(db, params.id, locale)),
    sample: async (db) => ({ params: { id: await firstId(db, 'programmes') } }),
    unknownSample: { params: { id: '999999999' } },
    malformedSample: { params: { id: 'abc' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchLastReplays/{page}',
    summary: 'All replays (episodes, JT bulletins, by2m web videos), newest first, 12 per page; 404 past the last page',
    group: 'Watch',
    params: z.object({ page: pageParam }),
    response: z.object({ items: z.array(videoCardShape), pagination: paginationShape }),
    cache: 'short',
    handler: async ({ db, locale }, { params }) => found(await lastReplaysPage(db, params.page, locale)),
    sample: async () => ({ params: { page: '1' } }),
    unknownSample: { params: { page: '999999' } },
    malformedSample: { params: { page: 'abc' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchDetail/{id}',
    summary: 'One episode for the single replay page: News with titre, url, description, image, its video, programme, next episode and playlist',
    group: 'Programmes',
    params: z.object({ id: idParam }),
    response: z.object({ News: replayNewsShape }),
    cache: 'medium',
    handler: async ({ db, locale }, { params }) => found(await episodeDetail(db, params.id, locale)),
    sample: async (db) => ({ params: { id: await publicId(db, 'episodes') } }),
    unknownSample: { params: { id: '999999999' } },
    malformedSample: { params: { id: 'abc' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchSerie',
    summary: 'Active series and films',
    group: 'Programmes',
    response: z.object({ series: z.array(programmeCardShape), films: z.array(programmeCardShape) }),
    cache: 'short',
    handler: ({ db, locale }) => seriesAndFilms(db, locale),
    sample: noParams,
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchSerieDetail/{id}',
    summary: 'A series or film with its published episodes grouped by season (404 for an emission)',
    group: 'Programmes',
    params: z.object({ id: idParam }),
    response: z.object({
      programme: programmeCardShape,
      seasons: z.array(z.object({ season: z.number().int(), episodes: z.array(videoCardShape) })),
    }),
    cache: 'medium',
    handler: async ({ db, locale }, { params }) => found(await serieDetail(db, params.id, locale)),
    sample: async (db) => {
      const row = await db
        .selectFrom('programmes')
        .select('id')
        .where('kind', 'in', ['serie', 'film'])
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow();
      return { params: { id: String(row.id) } };
    },
    unknownSample: { params: { id: '999999999' } },
    malformedSample: { params: { id: 'abc' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchJtSliders',
    summary: 'JT slider: the newest bulletin of each edition, then the next newest of each, 9 at most',
    group: 'JT',
    response: z.object({ slides: z.array(videoCardShape) }),
    cache: 'short',
    handler: ({ db, locale }) => jtSlides(db, locale),
    sample: noParams,
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watchvideoTagDetail/{id}',
    summary: 'The 24 newest by2m web videos of a web video tag, by tag id',
    group: 'By2M',
    params: z.object({ id: idParam }),
    response: tagVideosShape,
    cache: 'short',
    handler: async ({ db, locale }, { params }) => tagVideos(db, found(await findTag(db, { id: params.id }, locale)), locale),
    sample: async (db) => ({ params: { id: await firstId(db, 'web_video_tags') } }),
    unknownSample: { params: { id: '999999999' } },
    malformedSample: { params: { id: 'abc' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watch-video-by-tags/{tag}',
    summary: 'The 24 newest by2m web videos of a web video tag, by tag slug',
    group: 'By2M',
    params: z.object({ tag: slugParam }),
    response: tagVideosShape,
    cache: 'short',
    handler: async ({ db, locale }, { params }) =>
      tagVideos(db, found(await findTag(db, { slug: params.tag }, locale)), locale),
    sample: async (db) => {
      const row = await db.selectFrom('web_video_tags').select('slug').orderBy('id').limit(1).executeTakeFirstOrThrow();
      return { params: { tag: row.slug } };
    },
    unknownSample: { params: { tag: 'no-such-tag' } },
    malformedSample: { params: { tag: 'Not_A_Slug' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watch-by2m-tags',
    summary: 'by2m web video tags in editorial order, with their published video counts',
    group: 'By2M',
    response: z.object({
      tags: z.array(webVideoTagShape.extend({ count: z.number().int().nonnegative() })),
    }),
    cache: 'short',
    handler: ({ db, locale }) => tagsWithCounts(db, locale),
    sample: noParams,
  }),

  defineRoute({
    method: 'GET',
    path: '/api/watch-by2m-video/{a}/{b}',
    summary: 'One page (12) of the by2m web videos of a tag: a is the tag id, b the page; 404 past the last page',
    group: 'By2M',
    params: z.object({ a: idParam.describe('web video tag id'), b: pageParam }),
    response: tagVideosShape.extend({ pagination: paginationShape }),
    cache: 'short',
    handler: async ({ db, locale }, { params }) =>
      found(await tagVideosPage(db, found(await findTag(db, { id: params.a }, locale)), params.b, locale)),
    sample: async (db) => ({ params: { a: await firstId(db, 'web_video_tags'), b: '1' } }),
    unknownSample: { params: { a: '999999999', b: '1' } },
    malformedSample: { params: { a: 'abc', b: '1' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/starlight/watch-home-starlight-tags/{x}',
    summary: 'A Starlight season (x = season number) with its published videos grouped by kind (primes, performances, portraits…)',
    group: 'Starlight',
    params: z.object({ x: idParam.describe('season number, from 1') }),
    response: z.object({
      season: starlightSeasonShape,
      groups: z.array(z.object({ kind: z.string(), title: z.string(), videos: z.array(videoCardShape) })),
    }),
    cache: 'short',
    handler: async ({ db, locale }, { params }) => found(await seasonVideoGroups(db, params.x, locale)),
    sample: async (db) => ({ params: { x: await firstSeasonNumber(db) } }),
    unknownSample: { params: { x: '999999999' } },
    malformedSample: { params: { x: 'abc' } },
  }),

  defineRoute({
    method: 'GET',
    path: '/api/starlight/watch-home-starlight-candidats',
    summary: "The latest Starlight season's candidates and coaches",
    group: 'Starlight',
    response: starlightPeopleShape,
    cache: 'medium',
    handler: async ({ db, locale }) => found(await latestSeasonCandidates(db, locale)),
    sample: noParams,
  }),

  defineRoute({
    method: 'GET',
    path: '/api/starlight/watch-starlight-candidats/{x}',
    summary: "A Starlight season's candidates and coaches (x = season number)",
    group: 'Starlight',
    params: z.object({ x: idParam.describe('season number, from 1') }),
    response: starlightPeopleShape,
    cache: 'medium',
    handler: async ({ db, locale }, { params }) => found(await seasonCandidates(db, params.x, locale)),
    sample: async (db) => ({ params: { x: await firstSeasonNumber(db) } }),
    unknownSample: { params: { x: '999999999' } },
    malformedSample: { params: { x: 'abc' } },
  }),
];
