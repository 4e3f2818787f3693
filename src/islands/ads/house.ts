/**
 * The house display provider: asks our own ad server (GET /ads/banner,
 * src/server/ads/banners.ts) for a banner that fits the slot, in the
 * visitor's language and market (`auto`: the server picks it from the
 * request). The island draws it; the impression is
 * reported when it is drawn, the viewable impression once at least half of
 * it has been on screen for a second (IAB/MRC), both through the URLs the
 * server gave.
 */
import { formatSizes, type AdTargeting } from '../../lib/ads/display.ts';
import type { DisplayProvider, HouseAd, ServedAd, SlotRequest } from './provider.ts';
import { beacon, siteFetch } from '../../lib/api-client.ts';

const TIMEOUT_MS = 5000;

export function bannerUrl(req: Pick<SlotRequest, 'unit' | 'sizes' | 'kind' | 'lang' | 'market'>): string {
  const q = new URLSearchParams({ unit: req.unit, format: req.kind === 'skin' ? 'skin' : 'banner', lang: req.lang, market: req.market });
  if (req.kind !== 'skin') q.set('sizes', formatSizes(req.sizes));
  return `/ads/banner?${q.toString()}`;
}

function isHouseAd(v: unknown): v is HouseAd {
  if (!v || typeof v !== 'object') return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a['id'] === 'number' &&
    (a['format'] === 'banner' || a['format'] === 'skin') &&
    typeof a['width'] === 'number' &&
    typeof a['height'] === 'number' &&
    typeof a['headline'] === 'string' &&
    typeof a['href'] === 'string' &&
    typeof a['external'] === 'boolean' &&
    typeof a['impression'] === 'string' &&
    typeof a['viewable'] === 'string'
  );
}

/** Fires a tracking URL without waiting (survives the page going away). */
export function ping(url: string): void {
  if (beacon(url)) return;
  void siteFetch(url, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => {});
}

async function fetchAd(req: SlotRequest): Promise<HouseAd | null> {
  const res = await siteFetch(bannerUrl(req), { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`/ads/banner answered ${res.status}`);
  const body = (await res.json()) as { ad?: unknown };
  if (body.ad === null) return null;
  if (!isHouseAd(body.ad)) throw new Error('/ads/banner: unexpected answer');
  return body.ad;
}

export function houseProvider(): DisplayProvider {
  const serve = async (req: SlotRequest): Promise<ServedAd> => {
    if (req.kind === 'out-of-page' || (req.kind === 'banner' && req.sizes.length === 0)) {
      // No out-of-page format on the house server, and no banner fits.
      return { filled: false, house: null, refresh: () => serve(req), destroy: () => {} };
    }
    const ad = await fetchAd(req);
    return {
      filled: ad !== null,
      house: ad,
      refresh: (targeting: AdTargeting) => serve({ ...req, targeting }),
      destroy: () => {},
    };
  };
  return { name: 'house', serve };
}
