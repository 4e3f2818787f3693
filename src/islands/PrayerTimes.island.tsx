/**
 * The prayer-times widget (docs/product.md, Widgets): a city chooser over the Habous cities,
 * the day's six times, the next prayer marked (after Isha: tomorrow's times,
 * Fajr next). Rendered on the server with the default city's times (the
 * card, src/components/widgets/PrayerTimesCard.astro, feeds it), so it is
 * never empty and works without JavaScript: the chooser is then a plain form
 * to the prayer page. In the browser it restores the city chosen before
 * ($prayerCity), fetches `/prieres/horaire-api.php`, and moves the "next"
 * mark as time passes. A failed fetch keeps the times shown and says so
 * discreetly; it never breaks the page.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { Locale } from '../i18n/locales.ts';
import { dayLabel } from '../lib/dates.ts';
import * as m from '../paraglide/messages.js';
import { $prayerCity, choosePrayerCity, storedPrayerCity } from '../stores/prayer.ts';
import { PRAYER_ROWS, fetchPrayerPair, isStale, prayerView, type PrayerKey, type PrayerPair } from './prayer/schedule.ts';

interface CityOption {
  id: number;
  name: string;
}

interface Props {
  locale: Locale;
  /** Prefix of the element ids (several widgets may share a page). */
  idPrefix: string;
  /** The chooser's cities, names in `locale`, already sorted. */
  cities: CityOption[];
  /** Today's and tomorrow's times of the city rendered on the server. */
  initial: PrayerPair;
  /** When the server rendered it (ISO): the first render marks the next prayer as of then. */
  renderedAt: string;
  /** Where the chooser's form goes without JavaScript (the prayer page). */
  formAction: string;
  /** The page asked for this city explicitly (?ville=): do not replace it with the stored one. */
  explicitCity?: boolean;
}

const LABELS: Record<PrayerKey, (locale: Locale) => string> = {
  fajr: (locale) => m.prayer_fajr({}, { locale }),
  chorouq: (locale) => m.prayer_chorouq({}, { locale }),
  dhuhr: (locale) => m.prayer_dhuhr({}, { locale }),
  asr: (locale) => m.prayer_asr({}, { locale }),
  maghrib: (locale) => m.prayer_maghrib({}, { locale }),
  isha: (locale) => m.prayer_isha({}, { locale }),
};

/** Re-evaluate the next prayer this often. */
const TICK_MS = 20_000;

export default function PrayerTimes({ locale, idPrefix, cities, initial, renderedAt, formAction, explicitCity = false }: Props) {
  const [pair, setPair] = useState<PrayerPair>(initial);
  const [selected, setSelected] = useState<number>(initial.today.ville);
  const [now, setNow] = useState<number>(() => Date.parse(renderedAt));
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const pairRef = useRef(pair);
  pairRef.current = pair;
  /** The city last asked for (loaded or loading). */
  const requested = useRef<number>(initial.today.ville);

  const load = useCallback(async (ville: number) => {
    requested.current = ville;
    controller.current?.abort();
    const ctl = new AbortController();
    controller.current = ctl;
    setBusy(true);
    try {
      const next = await fetchPrayerPair(ville, ctl.signal);
      if (ctl.signal.aborted) return;
      setPair(next);
      setSelected(next.today.ville);
      setFailed(false);
    } catch (err) {
      if (ctl.signal.aborted) return;
      console.warn('[prayer] times not updated', err);
      setFailed(true);
      // The times shown stay those of the city they belong to.
      requested.current = pairRef.current.today.ville;
      setSelected(pairRef.current.today.ville);
    } finally {
      if (controller.current === ctl) {
        controller.current = null;
        setBusy(false);
      }
    }
  }, []);

  // Start: the city chosen before, the clock, a tick.
  useEffect(() => {
    setHydrated(true);
    const start = Date.now();
    setNow(start);
    const stored = storedPrayerCity();
    const known = stored !== null && cities.some((c) => c.id === stored);
    if (!explicitCity && known && stored !== initial.today.ville) {
      setSelected(stored);
      void load(stored);
    } else if (isStale(initial, start)) {
      void load(initial.today.ville);
    }
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    // Another widget on the page (or another tab) chose a city.
    const unsubscribe = $prayerCity.listen(() => {
      const id = storedPrayerCity();
      if (id !== null && id !== requested.current && cities.some((c) => c.id === id)) {
        setSelected(id);
        void load(id);
      }
    });
    return () => {
      window.clearInterval(timer);
      unsubscribe();
      controller.current?.abort();
    };
    // Runs once, at mount: the props it reads are the first render's.
  }, []);

  // Past tomorrow's Fajr (a tab left open overnight): fetch the new day.
  useEffect(() => {
    if (hydrated && !busy && !failed && isStale(pair, now)) void load(pair.today.ville);
  }, [hydrated, busy, failed, pair, now, load]);

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const id = Number(event.target.value);
    if (!cities.some((c) => c.id === id)) return;
    setSelected(id);
    void load(id); // first: it records the city asked for, so the store listener set at mount ignores this change
    choosePrayerCity(id);
  };
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => event.preventDefault();

  const view = prayerView(pair, now);
  const cityName = locale === 'ar' ? view.day.name.ar : view.day.name.fr;
  const selectId = `${idPrefix}-city`;

  return (
    <div className="prayer-widget" data-city={view.day.ville} aria-busy={busy || undefined}>
      <form className="prayer-chooser" action={formAction} method="get" onSubmit={onSubmit}>
        <label htmlFor={selectId}>{m.prayer_city_label({}, { locale })}</label>
        <select id={selectId} name="ville" value={selected} onChange={onChange}>
          {cities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {!hydrated && <button type="submit">{m.prayer_show({}, { locale })}</button>}
      </form>
      <table className="prayer-table">
        <caption>{m.prayer_times_caption({ city: cityName, day: dayLabel(view.day.date, locale) }, { locale })}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{m.prayer_col_prayer({}, { locale })}</th>
            <th scope="col">{m.prayer_col_time({}, { locale })}</th>
          </tr>
        </thead>
        <tbody>
          {PRAYER_ROWS.map((key) => {
            const isNext = view.next === key;
            return (
              <tr key={key} data-prayer={key} className={isNext ? 'is-next' : undefined} aria-current={isNext ? 'time' : undefined}>
                <th scope="row">
                  {LABELS[key](locale)}
                  {isNext && (
                    <>
                      {' '}
                      <span className="prayer-next">{m.prayer_next({}, { locale })}</span>
                    </>
                  )}
                </th>
                <td>
                  <time dateTime={view.day.instants[key]}>{view.day.times[key]}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="prayer-status" role="status">
        {failed ? m.prayer_unavailable({}, { locale }) : ''}
      </p>
    </div>
  );
}
