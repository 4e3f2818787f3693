/**
 * The answer of `POST /mm-weather/get-forecast/{city}` (docs/product.md, Content
 * "Weather", Widgets). The widget reads `response.data.dates.tomorrow.data.t2m` (°C, the
 * provider's value) and shows it truncated; everything else is ours:
 *
 * {
 *   header: { status: "OK", code: 200 },
 *   response: {
 *     data: {
 *       city: { id, name, ar, fr },
 *       dates: {
 *         today:    { date, data: DayData } | null,
 *         tomorrow: { date, data: DayData }
 *       },
 *       updatedAt,            // ISO instant of the provider's answer
 *       stale,                // true: the provider failed, an older answer is served
 *       source                // "open-meteo"
 *     },
 *     cities: [{ id, name }]  // every town, in the request's language, sorted for it
 *   }
 * }
 *
 * DayData: t2m (daily maximum at 2 m, °C: the value a "tomorrow" forecast
 * shows), tmin, tmax, degrees (t2m truncated, what the widget shows),
 * code (WMO), condition (a key), label (the condition in the request's
 * language), spoken ("Demain à Casablanca : 21 degrés, ciel dégagé", for
 * screen readers and the tooltip).
 */
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../i18n/locales.ts';
import { cityChoices, type WeatherCity } from './cities.ts';
import type { DailyForecast } from './provider.ts';
import type { ForecastResult } from './service.ts';

export type Condition =
  | 'clear'
  | 'partly-cloudy'
  | 'cloudy'
  | 'fog'
  | 'drizzle'
  | 'rain'
  | 'showers'
  | 'snow'
  | 'thunderstorm';

/** WMO weather interpretation code → condition (null for unknown codes). */
export function conditionOf(code: number | null): Condition | null {
  if (code === null) return null;
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly-cloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if (code >= 61 && code <= 67) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 80 && code <= 82) return 'showers';
  if (code >= 95 && code <= 99) return 'thunderstorm';
  return null;
}

function conditionLabel(condition: Condition, lang: Locale): string {
  const o = { locale: lang };
  switch (condition) {
    case 'clear': return m.weather_cond_clear({}, o);
    case 'partly-cloudy': return m.weather_cond_partly_cloudy({}, o);
    case 'cloudy': return m.weather_cond_cloudy({}, o);
    case 'fog': return m.weather_cond_fog({}, o);
    case 'drizzle': return m.weather_cond_drizzle({}, o);
    case 'rain': return m.weather_cond_rain({}, o);
    case 'showers': return m.weather_cond_showers({}, o);
    case 'snow': return m.weather_cond_snow({}, o);
    case 'thunderstorm': return m.weather_cond_thunderstorm({}, o);
  }
}

/**
 * docs/product.md, Content: the temperature is shown truncated to an integer (toward zero:
 * 21.9 → 21, -3.7 → -3); -0.5 gives 0, never "-0".
 */
export function truncateDegrees(celsius: number): number {
  const t = Math.trunc(celsius);
  return t === 0 ? 0 : t;
}

const pluralRules: Record<Locale, Intl.PluralRules> = {
  ar: new Intl.PluralRules('ar'),
  fr: new Intl.PluralRules('fr'),
};

/** "21 degrés", "1 degré", "5 درجات", "21 درجة". */
export function degreesPhrase(degrees: number, lang: Locale): string {
  const o = { locale: lang };
  const category = pluralRules[lang].select(degrees);
  const n = String(degrees);
  if (lang === 'ar') return category === 'few' ? m.weather_degrees_few({ n }, o) : m.weather_degrees_other({ n }, o);
  return category === 'one' ? m.weather_degrees_one({ n }, o) : m.weather_degrees_other({ n }, o);
}

export interface DayData {
  t2m: number;
  tmin: number;
  tmax: number;
  degrees: number;
  code: number | null;
  condition: Condition | null;
  label: string | null;
}

function dayData(day: DailyForecast, lang: Locale): DayData {
  const condition = conditionOf(day.code);
  return {
    t2m: day.tmax,
    tmin: day.tmin,
    tmax: day.tmax,
    degrees: truncateDegrees(day.tmax),
    code: day.code,
    condition,
    label: condition ? conditionLabel(condition, lang) : null,
  };
}

export function forecastAnswer(city: WeatherCity, result: ForecastResult, lang: Locale) {
  const tomorrow = dayData(result.tomorrow, lang);
  const o = { locale: lang };
  const temperature = degreesPhrase(tomorrow.degrees, lang);
  const spoken = tomorrow.label
    ? m.weather_tomorrow_spoken({ city: city[lang], temperature, condition: tomorrow.label }, o)
    : m.weather_tomorrow_spoken_plain({ city: city[lang], temperature }, o);
  return {
    header: { status: 'OK' as const, code: 200 },
    response: {
      data: {
        city: { id: city.id, name: city[lang], ar: city.ar, fr: city.fr },
        dates: {
          today: result.today ? { date: result.today.date, data: dayData(result.today, lang) } : null,
          tomorrow: { date: result.tomorrow.date, data: { ...tomorrow, spoken } },
        },
        updatedAt: new Date(result.fetchedAt).toISOString(),
        stale: result.stale,
        source: result.source,
      },
      cities: cityChoices(lang),
    },
  };
}

/**
 * No forecast at all for the town (provider unreachable, nothing cached):
 * still a 200, so a browser logs no failed request on every page view, with
 * `data: null` and the towns, so the widget keeps its town chooser.
 */
export function unavailableAnswer(city: WeatherCity, lang: Locale) {
  return {
    header: { status: 'OK' as const, code: 200 },
    response: { data: null, city: { id: city.id, name: city[lang] }, cities: cityChoices(lang) },
  };
}
