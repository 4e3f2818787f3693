/**
 * The visitor's country flag (docs/product.md, States "Country flag", Widgets): the visitor's
 * address from `GET /ip/?format=json` (field `ip`), then its country from
 * `GET /geo/json.gp?ip=…`; 0 for Morocco, 1 elsewhere, kept in `$country`.
 * Both are answered by our own server (docs/product.md, Widgets): no address leaves it.
 *
 * The server decides (its answer carries `countryFlag`: 1 only for a known
 * country other than Morocco; CDN header, else the local database); an
 * answer without it is read by its country name, as the original site did
 * ("Morocco" or none → 0). The result is kept for the browser session
 * (sessionStorage `countryFlag`), so the two requests run once per visit.
 * A failure leaves `$country` as it is (0, Morocco, by default) and is
 * tried again on the next call.
 *
 * Loaded on demand (dynamic import) once the page is idle; callers that
 * need the flag before choosing something (e.g. an ad provider) await
 * `detectCountry()`.
 */
import { $country, type CountryFlag } from '../../stores/country.ts';
import { siteFetch } from '../../lib/api-client.ts';

const COUNTRY_FLAG_KEY = 'countryFlag';

/** The flag from a /geo/json.gp answer. */
export function flagFromGeo(body: unknown): CountryFlag {
  const b = (body ?? {}) as { countryFlag?: unknown; geoplugin_countryName?: unknown; geoplugin_countryCode?: unknown };
  if (b.countryFlag === 0 || b.countryFlag === 1) return b.countryFlag;
  const name = typeof b.geoplugin_countryName === 'string' ? b.geoplugin_countryName.trim() : '';
  const code = typeof b.geoplugin_countryCode === 'string' ? b.geoplugin_countryCode.trim().toUpperCase() : '';
  if (!name && !code) return 0;
  return name === 'Morocco' || code === 'MA' ? 0 : 1;
}

function remembered(): CountryFlag | null {
  try {
    const v = sessionStorage.getItem(COUNTRY_FLAG_KEY);
    return v === '0' ? 0 : v === '1' ? 1 : null;
  } catch {
    return null;
  }
}

function remember(flag: CountryFlag): void {
  try {
    sessionStorage.setItem(COUNTRY_FLAG_KEY, String(flag));
  } catch {
    // Storage refused (private mode, quota): the flag still holds for this page.
  }
}

async function getJson(url: string): Promise<unknown> {
  const res = await siteFetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

async function lookup(): Promise<CountryFlag> {
  const known = remembered();
  if (known !== null) {
    $country.set(known);
    return known;
  }
  const { ip } = (await getJson('/ip/?format=json')) as { ip?: unknown };
  if (typeof ip !== 'string' || !ip) throw new Error('no ip in the /ip/ answer');
  const flag = flagFromGeo(await getJson(`/geo/json.gp?ip=${encodeURIComponent(ip)}`));
  settled = flag;
  $country.set(flag);
  remember(flag);
  return flag;
}

let pending: Promise<CountryFlag> | null = null;
/** The flag this page's lookup found (null until it has answered). */
let settled: CountryFlag | null = null;

/** The flag when it is known without asking (this page's lookup has answered, or this session's), else null. */
export function knownCountry(): CountryFlag | null {
  if (typeof window === 'undefined') return null;
  return settled ?? remembered();
}

/** Sets `$country` from the lookups (once per page life; once per session thanks to sessionStorage). */
export function detectCountry(): Promise<CountryFlag> {
  if (typeof window === 'undefined') return Promise.resolve($country.get());
  pending ??= lookup().catch((error: unknown) => {
    console.warn('country not detected', error);
    pending = null;
    return $country.get();
  });
  return pending;
}

/**
 * The country flag once the lookup has answered (it usually has, from
 * sessionStorage or the idle-time lookup); past `timeoutMs`, the flag as it
 * stands (0 by default), so a slow lookup never holds an ad back.
 */
export async function detectCountryWithin(timeoutMs: number): Promise<CountryFlag> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<CountryFlag>((resolve) => {
    timer = setTimeout(() => resolve($country.get()), timeoutMs);
  });
  try {
    return await Promise.race([detectCountry(), late]);
  } finally {
    clearTimeout(timer);
  }
}
