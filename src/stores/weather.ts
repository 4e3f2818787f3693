/**
 * The weather widget's state (docs/product.md, Header (top bar), Content "Weather", Limits).
 *
 * - `$weatherCity`: the town the visitor chose, kept in localStorage
 *   (`weatherCity`), default 1 (Casablanca). A stored value that is not a
 *   positive whole number reads as the default.
 * - `loadForecast(city, lang)`: POST /mm-weather/get-forecast/{city} with
 *   form body `lang`; reads `response.data.dates.tomorrow.data.t2m` and
 *   keeps the answer for the page's life (10 min), so that a page swapped by
 *   the client router shows it at once. No forecast on the server (provider
 *   down): the town chooser with the last temperature seen here (localStorage
 *   `weatherLast`) or none. The server unreachable answers null (the widget
 *   hides); an unknown town answers 'unknown' (the widget falls back to the
 *   default town).
 *
 * Browser only: nothing here is set during server rendering.
 */
import { persistentAtom } from '@nanostores/persistent';
import { siteFetch } from '../lib/api-client.ts';

export const DEFAULT_WEATHER_CITY = 1;
const WEATHER_CITY_KEY = 'weatherCity';

function decodeCity(raw: string): number {
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : DEFAULT_WEATHER_CITY;
}

export const $weatherCity = persistentAtom<number>(WEATHER_CITY_KEY, DEFAULT_WEATHER_CITY, {
  encode: (id: number) => String(id),
  decode: decodeCity,
});

/**
 * docs/product.md, Content: the temperature is shown truncated to an integer (toward zero:
 * 21.9 → 21, -3.7 → -3); -0.5 gives 0, never "-0".
 */
export function truncateDegrees(celsius: number): number {
  const t = Math.trunc(celsius);
  return t === 0 ? 0 : t;
}

export interface WeatherView {
  cityId: number;
  cityName: string;
  /** Tomorrow's temperature, truncated (docs/product.md, Content); null when none is known. */
  degrees: number | null;
  /** "Demain à Casablanca : 21 degrés, ciel dégagé" (screen readers, tooltip); null with no temperature. */
  spoken: string | null;
  /** Every town, in the page's language, sorted. */
  cities: { id: number; name: string }[];
  stale: boolean;
}

/** Reads a forecast answer (envelope + response.data.dates.tomorrow.data.t2m), or null. */
export function readForecast(body: unknown): WeatherView | null {
  const response = (body as { response?: unknown } | null)?.response as
    | {
        data?: {
          city?: { id?: unknown; name?: unknown };
          dates?: { tomorrow?: { data?: { t2m?: unknown; spoken?: unknown } } };
          stale?: unknown;
        };
        cities?: unknown;
      }
    | null
    | undefined;
  const data = response?.data;
  const t2m = data?.dates?.tomorrow?.data?.t2m;
  const id = data?.city?.id;
  const name = data?.city?.name;
  if (typeof t2m !== 'number' || !Number.isFinite(t2m) || typeof id !== 'number' || typeof name !== 'string') return null;
  const cities = Array.isArray(response?.cities)
    ? (response.cities as unknown[]).filter(
        (c): c is { id: number; name: string } =>
          typeof (c as { id?: unknown }).id === 'number' && typeof (c as { name?: unknown }).name === 'string',
      )
    : [];
  const spoken = data?.dates?.tomorrow?.data?.spoken;
  const degrees = truncateDegrees(t2m);
  return {
    cityId: id,
    cityName: name,
    degrees,
    spoken: typeof spoken === 'string' ? spoken : `${name} ${degrees}°`,
    cities: cities.length > 0 ? cities : [{ id, name }],
    stale: data?.stale === true,
  };
}

/**
 * The server's answer when no forecast exists for the town (provider down,
 * nothing cached): `data: null`, the town and the town list. The view keeps
 * the chooser, with the last temperature this browser saw for the town
 * (`lastKnown`) or none.
 */
function readUnavailable(body: unknown, lastKnown: { degrees: number; spoken: string } | null): WeatherView | null {
  const response = (body as { response?: unknown } | null)?.response as
    | { data?: unknown; city?: { id?: unknown; name?: unknown }; cities?: unknown }
    | null
    | undefined;
  if (!response || response.data !== null) return null;
  const id = response.city?.id;
  const name = response.city?.name;
  if (typeof id !== 'number' || typeof name !== 'string') return null;
  const cities = Array.isArray(response.cities)
    ? (response.cities as unknown[]).filter(
        (c): c is { id: number; name: string } =>
          typeof (c as { id?: unknown }).id === 'number' && typeof (c as { name?: unknown }).name === 'string',
      )
    : [];
  return {
    cityId: id,
    cityName: name,
    degrees: lastKnown?.degrees ?? null,
    spoken: lastKnown?.spoken ?? null,
    cities: cities.length > 0 ? cities : [{ id, name }],
    stale: true,
  };
}

/** localStorage: the last temperature seen per town and language, for when the provider is down. */
const WEATHER_LAST_KEY = 'weatherLast';

function lastKnown(city: number, lang: string): { degrees: number; spoken: string } | null {
  try {
    const all = JSON.parse(localStorage.getItem(WEATHER_LAST_KEY) ?? '{}') as Record<string, { degrees?: unknown; spoken?: unknown }>;
    const hit = all[`${city}:${lang}`];
    return hit && typeof hit.degrees === 'number' && typeof hit.spoken === 'string' ? { degrees: hit.degrees, spoken: hit.spoken } : null;
  } catch {
    return null;
  }
}

function rememberLast(view: WeatherView, lang: string): void {
  if (view.degrees === null || view.spoken === null) return;
  try {
    const all = JSON.parse(localStorage.getItem(WEATHER_LAST_KEY) ?? '{}') as Record<string, unknown>;
    all[`${view.cityId}:${lang}`] = { degrees: view.degrees, spoken: view.spoken };
    localStorage.setItem(WEATHER_LAST_KEY, JSON.stringify(all));
  } catch {
    // Storage refused or full: nothing remembered.
  }
}

const KEEP_MS = 10 * 60_000;
const known = new Map<string, { view: WeatherView; at: number }>();

/** The answer already loaded for this town and language on this page, if recent. */
export function knownForecast(city: number, lang: string): WeatherView | null {
  const hit = known.get(`${city}:${lang}`);
  return hit && Date.now() - hit.at < KEEP_MS ? hit.view : null;
}

export async function loadForecast(city: number, lang: string, signal?: AbortSignal): Promise<WeatherView | 'unknown' | null> {
  const hit = knownForecast(city, lang);
  if (hit) return hit;
  try {
    const res = await siteFetch(`/mm-weather/get-forecast/${city}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lang }).toString(),
      ...(signal ? { signal } : {}),
    });
    if (res.status === 404) return 'unknown';
    if (!res.ok) return null;
    const body: unknown = await res.json();
    const view = readForecast(body);
    if (view) {
      known.set(`${city}:${lang}`, { view, at: Date.now() });
      rememberLast(view, lang);
      return view;
    }
    return readUnavailable(body, lastKnown(city, lang));
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') console.warn('weather not loaded', error);
    return null;
  }
}
