/** What the page hands the player island (serialisable props). */
import type { AdClientConfig } from '../../lib/ad-config.ts';
import type { Locale } from '../../i18n/locales.ts';

interface PlayerImage {
  url: string;
  srcset?: string;
  width: number;
  height: number;
  alt: string;
  color?: string;
}

export interface PlayerCaption {
  /** BCP 47 language of the track (ar, fr…). */
  lang: string;
  label: string;
  url: string;
}

/** The item that follows (next episode or next playlist item). */
export interface PlayerNext {
  title: string;
  path: string;
}

export interface PlayerProps {
  /** Unique on the page: the id of stop-video / play-video (docs/product.md, States). */
  id: string;
  /** Play statistics (docs/product.md, Content): the content's id and type (episode, jt, by2m, starlight, live). */
  contentId: string;
  contentType: string;
  url: string;
  mime: string;
  title: string;
  poster: PlayerImage | null;
  /** `sizes` of the poster image (as the server-rendered poster, so the browser reuses the file). */
  posterSizes: string;
  captions: PlayerCaption[];
  /** Content tag id for /api/pub-tag/{id}, or null when the content has none (the pre-roll then uses the default unit at once). */
  adTagId: string | null;
  adConfig: AdClientConfig;
  locale: Locale;
  live: boolean;
  next: PlayerNext | null;
  /** Start on its own (muted unless the visitor already interacted with the page). */
  autoplay: boolean;
}
