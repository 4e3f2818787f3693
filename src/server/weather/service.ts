/**
 * Forecasts per city behind the provider adapter (docs/product.md, Widgets): a cache per
 * city, one provider call at a time per city, a timeout, and stale answers
 * while the provider fails.
 *
 *  - An entry younger than `freshMs` (30 min) is served as is.
 *  - Older, the provider is asked again (concurrent requests for the same
 *    city share one call, bounded by `timeoutMs`, 3 s). On success the new
 *    entry is served; on failure the old one is served flagged `stale`, as
 *    long as it is younger than `staleMaxMs` (24 h) and still holds
 *    tomorrow's day.
 *  - After a failure the provider is left alone for that city during
 *    `retryAfterFailureMs` (60 s): visitors get the stale entry (or nothing)
 *    at once instead of waiting for a timeout each.
 *  - Nothing usable → null (the endpoint answers 503, the widget hides).
 *
 * "Tomorrow" is the calendar day after today in Africa/Casablanca at the
 * moment of the request (the entry holds three days, so one fetched before
 * midnight still serves after it).
 */
import { addDays, todayInCasablanca } from '../../lib/dates.ts';
import type { DailyForecast, WeatherProvider } from './provider.ts';
import type { WeatherCity } from './cities.ts';
import { featureLogger, type Log } from '../log.ts';

export interface WeatherServiceOptions {
  provider: WeatherProvider;
  /** Clock (ms since the epoch); Date.now by default. */
  now?: () => number;
  freshMs?: number;
  staleMaxMs?: number;
  timeoutMs?: number;
  retryAfterFailureMs?: number;
  /** Where failures are logged; default the `weather` feature's logger. */
  log?: Log;
}

export interface ForecastResult {
  cityId: number;
  today: DailyForecast | null;
  tomorrow: DailyForecast;
  /** When the provider answered (ms since the epoch). */
  fetchedAt: number;
  /** True when the provider failed and an older answer is served. */
  stale: boolean;
  source: string;
}

interface Entry {
  days: DailyForecast[];
  fetchedAt: number;
}

export const WEATHER_DEFAULTS = {
  freshMs: 30 * 60_000,
  staleMaxMs: 24 * 3_600_000,
  timeoutMs: 3_000,
  retryAfterFailureMs: 60_000,
} as const;

export interface WeatherService {
  forecast(city: WeatherCity): Promise<ForecastResult | null>;
  /** Seconds a client should wait before asking again after a 503. */
  readonly retryAfterSeconds: number;
}

export function createWeatherService(options: WeatherServiceOptions): WeatherService {
  const provider = options.provider;
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? WEATHER_DEFAULTS.freshMs;
  const staleMaxMs = options.staleMaxMs ?? WEATHER_DEFAULTS.staleMaxMs;
  const timeoutMs = options.timeoutMs ?? WEATHER_DEFAULTS.timeoutMs;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? WEATHER_DEFAULTS.retryAfterFailureMs;
  const log = options.log ?? featureLogger('weather');

  const cache = new Map<number, Entry>();
  const failedAt = new Map<number, number>();
  const inflight = new Map<number, Promise<Entry | null>>();

  function refresh(city: WeatherCity): Promise<Entry | null> {
    const pending = inflight.get(city.id);
    if (pending) return pending;
    const call = (async (): Promise<Entry | null> => {
      try {
        const days = await provider.fetchDaily({ lat: city.lat, lon: city.lon }, AbortSignal.timeout(timeoutMs));
        const entry: Entry = { days, fetchedAt: now() };
        cache.set(city.id, entry);
        failedAt.delete(city.id);
        return entry;
      } catch (error) {
        // Log the first failure of a run only, not every retry.
        if (!failedAt.has(city.id)) {
          const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
          const detail = cause ? ` (${String(cause.code ?? cause.message ?? cause)})` : '';
          const reason = error instanceof Error ? `${error.name}: ${error.message}${detail}` : String(error);
          log.warn(`${provider.name} failed for city ${city.id} (${city.fr}): ${reason}`);
        }
        failedAt.set(city.id, now());
        return null;
      } finally {
        inflight.delete(city.id);
      }
    })();
    inflight.set(city.id, call);
    return call;
  }

  function result(city: WeatherCity, entry: Entry | undefined | null, today: string, tomorrow: string, stale: boolean): ForecastResult | null {
    if (!entry) return null;
    const t = entry.days.find((d) => d.date === tomorrow);
    if (!t) return null;
    return {
      cityId: city.id,
      today: entry.days.find((d) => d.date === today) ?? null,
      tomorrow: t,
      fetchedAt: entry.fetchedAt,
      stale,
      source: provider.name,
    };
  }

  return {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterFailureMs / 1000)),
    async forecast(city) {
      const at = now();
      const today = todayInCasablanca(new Date(at));
      const tomorrow = addDays(today, 1);
      const cached = cache.get(city.id);
      const usable = cached && at - cached.fetchedAt <= staleMaxMs ? cached : undefined;

      if (usable && at - usable.fetchedAt < freshMs) {
        const fresh = result(city, usable, today, tomorrow, false);
        if (fresh) return fresh;
      }
      const failed = failedAt.get(city.id);
      if (failed === undefined || at - failed >= retryAfterFailureMs) {
        const entry = await refresh(city);
        const fresh = result(city, entry, today, tomorrow, false);
        if (fresh) return fresh;
      }
      return result(city, usable, today, tomorrow, true);
    },
  };
}
