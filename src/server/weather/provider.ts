/**
 * The weather provider adapter (docs/product.md, Widgets): whatever service answers, the
 * rest of the site sees daily forecasts on Casablanca calendar days.
 * Open-Meteo is the default (open-meteo.ts); another service plugs in by
 * implementing `WeatherProvider`.
 */

/** One calendar day of forecast, in Africa/Casablanca. */
export interface DailyForecast {
  /** "YYYY-MM-DD", local (Casablanca) day. */
  date: string;
  /** Daily maximum air temperature at 2 m, °C. */
  tmax: number;
  /** Daily minimum air temperature at 2 m, °C. */
  tmin: number;
  /** WMO weather interpretation code (0-99), or null when the provider gives none. */
  code: number | null;
}

export interface Coordinates {
  lat: number;
  lon: number;
}

export interface WeatherProvider {
  /** Short name, for logs. */
  readonly name: string;
  /**
   * Daily forecasts for the point, days in Africa/Casablanca, today first.
   * Rejects on any failure (network, HTTP status, unreadable answer); must
   * stop when `signal` aborts.
   */
  fetchDaily(point: Coordinates, signal: AbortSignal): Promise<DailyForecast[]>;
}

/** The time zone every forecast day is expressed in. */
export const WEATHER_TIME_ZONE = 'Africa/Casablanca';

export class ProviderError extends Error {
  override name = 'ProviderError';
}
