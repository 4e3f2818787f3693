import type { Locale } from '../i18n/locales.ts';
/**
 * A language's front page (ADR 040): the slider, La UNE's blocks and the
 * hot topics, as article ids in editorial order, with their limits; and the
 * shapes the desk's front-page screen reads. Shared by the server
 * (src/server/newsroom/front-page.ts) and the desk's browser code: no
 * dependency.
 */

interface FrontBlock {
  /** The block's heading (null: its master tag's name). */
  title: string | null;
  /** A master tag of the page's language ("see more" leads to it; it tops a short block up). */
  masterTagId: number | null;
  items: number[];
}

export interface FrontLayout {
  slider: number[];
  une: FrontBlock[];
  hot: number[];
}


/** What a front page holds at most (the page shows six stories a block). */
export const FRONT_LIMITS = { slider: 12, blocks: 16, blockItems: 6, hot: 12, title: 80 } as const;

export const emptyLayout = (): FrontLayout => ({ slider: [], une: [], hot: [] });

/** Every article id of a layout, in page order. */
export function layoutIds(layout: FrontLayout): number[] {
  return [...layout.slider, ...layout.une.flatMap((b) => b.items), ...layout.hot];
}

/** A story as the front-page screen shows it. */
export interface FrontStory {
  id: number;
  lang: Locale;
  title: string;
  /** draft, review, scheduled, published, withdrawn (lib/desk-story.ts StoryState). */
  state: 'draft' | 'review' | 'scheduled' | 'published' | 'withdrawn';
  path: string | null;
  publishedAt: string;
  section: string | null;
  /** Its ninjs uri (null: a story of the demo never opened in the desk). */
  uri: string | null;
}

/** A version of the history: live now, scheduled, past, or called off. */
export interface FrontVersionItem {
  number: number;
  kind: 'publish' | 'schedule' | 'restore';
  state: 'live' | 'scheduled' | 'past' | 'canceled';
  effectiveAt: string;
  restoredFrom: number | null;
  actor: string;
  createdAt: string;
  /** How many stories it places. */
  stories: number;
}

/** GET /api/desk/front/{lang}: the working copy, the stories it names, the master tags to choose from, the history's head. */
export interface FrontWorkspace {
  lang: Locale;
  layout: FrontLayout;
  /** The working copy's lock version (0: none saved yet: the live version's layout). */
  rev: number;
  /** The working copy differs from the live version. */
  pending: boolean;
  live: number | null;
  /** The newest version number (what a publish must start from). */
  head: number;
  stories: Record<string, FrontStory>;
  sections: { id: number; name: string }[];
  versions: FrontVersionItem[];
  updatedAt: string | null;
  updatedBy: string | null;
}
