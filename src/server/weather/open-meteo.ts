/**
 * Open-Meteo adapter (the default weather provider, docs/product.md, Widgets).
 *
 *   GET {base}/v1/forecast?latitude=…&longitude=…
 *       &daily=weather_code,temperature_2m_max,temperature_2m_min
 *       &timezone=Africa/Casablanca&forecast_days=3[&apikey=…]
 *
 * `timezone=Africa/Casablanca` makes the provider cut days at Casablanca's
 * midnight, so `daily.time` holds local calendar days. Three days are asked
 * for, so that an answer fetched shortly before midnight still holds the
 * next day's "tomorrow".
 *
 * Licence: the free API is for non-commercial use; a commercial site needs
 * an API plan (its customer base URL and `apikey`): WEATHER_PROVIDER_URL and
 * WEATHER_API_KEY.
 */
import { z } from 'zod';
import { ProviderError, WEATHER_TIME_ZONE, type Coordinates, type DailyForecast, type WeatherProvider } from './provider.ts';

const OPEN_METEO_DEFAULT_URL = 'https://api.open-meteo.com';
const FORECAST_DAYS = 3;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const num = z.number().finite();

const answerSchema = z.object({
  daily: z.object({
    time: z.array(z.string().regex(DAY)),
    temperature_2m_max: z.array(num.nullable()),
    temperature_2m_min: z.array(num.nullable()),
    weather_code: z.array(num.nullable()).optional(),
  }),
});

/** The forecast URL for a point. */
export function openMeteoUrl(baseUrl: string, point: Coordinates, apiKey?: string | undefined): string {
  const url = new URL(baseUrl);
  // A base URL with a path prefix (e.g. a proxy at https://host/open-meteo) keeps it.
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/forecast`;
  url.search = '';
  url.searchParams.set('latitude', point.lat.toFixed(4));
  url.searchParams.set('longitude', point.lon.toFixed(4));
  url.searchParams.set('daily', 'weather_code,temperature_2m_max,temperature_2m_min');
  url.searchParams.set('timezone', WEATHER_TIME_ZONE);
  url.searchParams.set('forecast_days', String(FORECAST_DAYS));
  if (apiKey) url.searchParams.set('apikey', apiKey);
  return url.toString();
}

/**
 * Reads an Open-Meteo forecast answer: one entry per day that has both
 * temperatures (days with nulls are left out). Throws ProviderError on
 * anything else.
 */
export function parseOpenMeteo(body: unknown): DailyForecast[] {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) {
    const reason = (body as { reason?: unknown } | null)?.reason;
    throw new ProviderError(
      typeof reason === 'string' ? `open-meteo: ${reason}` : `open-meteo: unexpected answer (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  }
  const d = parsed.data.daily;
  const days: DailyForecast[] = [];
  d.time.forEach((date, i) => {
    const tmax = d.temperature_2m_max[i];
    const tmin = d.temperature_2m_min[i];
    if (tmax == null || tmin == null) return;
    const code = d.weather_code?.[i];
    days.push({ date, tmax, tmin, code: code == null ? null : Math.round(code) });
  });
  if (days.length === 0) throw new ProviderError('open-meteo: no usable day in the answer');
  return days;
}

export interface OpenMeteoOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  fetch?: typeof fetch | undefined;
}

export function createOpenMeteoProvider(options: OpenMeteoOptions = {}): WeatherProvider {
  const baseUrl = options.baseUrl ?? OPEN_METEO_DEFAULT_URL;
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'open-meteo',
    async fetchDaily(point, signal) {
      const res = await doFetch(openMeteoUrl(baseUrl, point, options.apiKey), {
        signal,
        headers: { accept: 'application/json' },
      });
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new ProviderError(`open-meteo: HTTP ${res.status}, answer is not JSON`);
      }
      if (!res.ok) {
        const reason = (body as { reason?: unknown } | null)?.reason;
        throw new ProviderError(`open-meteo: HTTP ${res.status}${typeof reason === 'string' ? `: ${reason}` : ''}`);
      }
      return parseOpenMeteo(body);
    },
  };
}
