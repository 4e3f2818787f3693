/**
 * The weather widget of the top bar (docs/product.md, Header, Content "Weather", Limits): a city
 * selector (57 Moroccan towns, names in the page's language, sorted for it)
 * and tomorrow's temperature truncated with a degree sign, said to be
 * tomorrow's: "Casablanca Demain 21°" (ADR 036: a bare "21°" read as today's);
 * screen readers hear "Demain à Casablanca : 21 degrés, ciel dégagé".
 *
 * Default town 1 (Casablanca); the choice is remembered ($weatherCity,
 * localStorage). The town list comes with the answer (no list in this
 * bundle). With no forecast on the server (provider down, nothing cached)
 * the chooser stays with the last temperature this browser saw for the
 * town; with none seen, or the server unreachable, the widget renders
 * nothing (a bare list of towns told nothing): the
 * top bar keeps its height (the widget is never taller than the bar) and
 * the account button at the bar's end does not move.
 *
 * Mounted with `client:media` from 576 px (src/lib/breakpoints.ts): a phone,
 * where the top bar hides it, never loads it.
 */
import { useEffect, useId, useState } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { Locale } from '../i18n/locales.ts';
import * as m from '../paraglide/messages.js';
import { $weatherCity, DEFAULT_WEATHER_CITY, knownForecast, loadForecast, type WeatherView } from '../stores/weather.ts';

interface Props {
  locale: Locale;
}

/**
 * The widget's own rules, rendered with it (React puts them once in <head>),
 * so nothing is added while it is hidden. Never taller than the top bar
 * (26 px). Colours follow the bar, which is dark in both themes.
 */
const CSS = `
.weather-widget{display:inline-flex;align-items:center;gap:.35rem;block-size:22px;white-space:nowrap}
.weather-widget select{block-size:22px;max-inline-size:8.5rem;padding-block:0;padding-inline:.3rem;font:inherit;line-height:20px;color:inherit;background:transparent;border:1px solid rgb(255 255 255/.45);border-radius:3px;color-scheme:dark;text-overflow:ellipsis;cursor:pointer}
.weather-widget select:hover{border-color:currentColor}
.weather-widget select:focus-visible{outline:2px solid currentColor;outline-offset:1px}
.weather-when{opacity:.85}
.weather-temp{font-weight:700;min-inline-size:2.2em;text-align:end;unicode-bidi:isolate}
.weather-widget[aria-busy=true] .weather-temp{opacity:.5}
@media (max-width:575.98px){.weather-widget select{max-inline-size:6.5rem}}
`;

export default function Weather({ locale }: Props) {
  const city = useStore($weatherCity, { ssr: 'initial' });
  const [view, setView] = useState<WeatherView | null>(null);
  const selectId = useId();

  useEffect(() => {
    const cached = knownForecast(city, locale);
    if (cached) {
      setView(cached);
      return;
    }
    const controller = new AbortController();
    void loadForecast(city, locale, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result === 'unknown') {
        // A remembered town that no longer exists: back to the default one.
        if (city !== DEFAULT_WEATHER_CITY) $weatherCity.set(DEFAULT_WEATHER_CITY);
        else setView(null);
        return;
      }
      setView(result);
    });
    return () => controller.abort();
  }, [city, locale]);

  // No temperature to show: no widget (a list of towns alone says nothing).
  if (!view || view.degrees === null) return null;
  const loading = view.cityId !== city;
  return (
    <div className="weather-widget" aria-busy={loading || undefined} data-city={view.cityId}>
      <style href="weather-widget" precedence="default">
        {CSS}
      </style>
      <label className="sr-only" htmlFor={selectId}>
        {m.weather_city_label({}, { locale })}
      </label>
      <select
        id={selectId}
        value={city}
        onChange={(event) => $weatherCity.set(Number(event.currentTarget.value))}
      >
        {view.cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <span className="weather-when" aria-hidden="true">
        {m.weather_tomorrow({}, { locale })}
      </span>
      <span className="weather-temp" dir="ltr" aria-hidden="true" title={view.spoken ?? undefined}>
        {view.degrees}°
      </span>
      <span className="sr-only" aria-live="polite">
        {loading ? '' : (view.spoken ?? m.weather_unavailable({}, { locale }))}
      </span>
    </div>
  );
}
