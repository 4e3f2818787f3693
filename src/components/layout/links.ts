/**
 * External addresses shown by the site shell (mega menu, footer). The web
 * team checks and edits them here; internal links go through route().
 */
import type { Locale } from '../../i18n/locales.ts';
import { SAME_AS } from '../../lib/jsonld.ts';

export const ADVERTISING_URL: Record<Locale, string> = {
  ar: 'https://www.2m.ma/ar/publicite',
  fr: 'https://www.2m.ma/fr/publicite',
};

export const RADIO_LINKS = {
  frequencies: 'https://www.radio2m.ma/frequences',
  listen: 'https://www.radio2m.ma/live',
  social: 'https://www.facebook.com/Radio2M',
} as const;

/** Store pages of the 2M app (store searches until the app's own pages are set here). */
export const APP_STORE_URL = 'https://apps.apple.com/ma/search?term=2M%20Maroc';
export const PLAY_STORE_URL = 'https://play.google.com/store/search?q=2M%20Maroc&c=apps';

export type SocialNetwork = 'facebook' | 'x' | 'instagram' | 'youtube';

const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

function networkOf(url: string): SocialNetwork | undefined {
  const host = new URL(url).hostname.replace(/^www\./, '');
  if (host.includes('facebook')) return 'facebook';
  if (host === 'x.com' || host.includes('twitter')) return 'x';
  if (host.includes('instagram')) return 'instagram';
  if (host.includes('youtube')) return 'youtube';
  return undefined;
}

/**
 * The four social networks, from the organisation's official profiles
 * (the same list as the JSON-LD `sameAs`).
 */
export const SOCIAL_LINKS: { network: SocialNetwork; name: string; url: string }[] = SAME_AS.flatMap((url) => {
  const network = networkOf(url);
  return network ? [{ network, name: NETWORK_NAMES[network], url }] : [];
});
