/** What the story editor reads from the desk API (the story's shape: src/lib/desk-story.ts). */
export type { StoryDetail } from '../../lib/desk-story.ts';

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
