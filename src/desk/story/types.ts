/** What the story editor reads from the desk API (src/server/desk/stories.ts StoryDetail). */
import type { StoryDoc, StoryState } from '../../lib/desk-story.ts';

type StoryAction = 'edit' | 'submit' | 'unsubmit' | 'publish' | 'schedule' | 'unschedule' | 'withdraw';

export interface StoryDetail {
  id: number;
  lang: 'ar' | 'fr';
  state: StoryState;
  rev: number;
  doc: StoryDoc;
  pending: boolean;
  owner: { id: number; name: string } | null;
  updatedAt: string;
  updatedBy: string | null;
  slug: string;
  live: { path: string; version: number; publishedAt: string } | null;
  translation: { id: number; lang: 'ar' | 'fr'; state: StoryState; title: string } | null;
  actions: StoryAction[];
}

export interface Section {
  id: number;
  name: string;
  route: string;
  parent: string | null;
}

export interface Replay {
  videoId: number;
  title: string;
  kind: 'episode' | 'jt' | 'webvideo';
  durationS: number;
  path: string;
  poster: string | null;
}
