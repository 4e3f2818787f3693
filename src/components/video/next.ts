/**
 * The item a video page advances to at the end of its video.
 *
 *  - 'next' (episodes): the next episode of the programme, or nothing after
 *    the last one;
 *  - 'playlist' (bulletins, web videos, Starlight videos, whose playlists are
 *    the other items newest first, without the current one): the newest
 *    item published before the current one, i.e. the one after it in the
 *    list; for the oldest, the newest of the list (the viewer goes round).
 */
import type { VideoCard } from '../../server/api/shapes.ts';

export interface NextItem {
  title: string;
  path: string;
}

export type AdvanceMode = 'next' | 'playlist';

type Item = Pick<VideoCard, 'id' | 'type' | 'title' | 'path' | 'publishedAt'>;

const before = (a: Item, b: Item) => a.publishedAt < b.publishedAt || (a.publishedAt === b.publishedAt && a.id < b.id);

export function nextItem(
  current: Item,
  mode: AdvanceMode,
  next: Item | null | undefined,
  playlist: readonly Item[] = [],
): NextItem | null {
  const pick = (v: Item | null | undefined): NextItem | null => (v ? { title: v.title, path: v.path } : null);
  if (mode === 'next') return pick(next && !(next.id === current.id && next.type === current.type) ? next : null);
  const others = playlist.filter((v) => v.type === current.type && v.id !== current.id);
  others.sort((a, b) => (before(a, b) ? 1 : -1));
  return pick(others.find((v) => before(v, current)) ?? others[0]);
}
