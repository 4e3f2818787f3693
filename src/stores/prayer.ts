/**
 * The prayer widget's chosen city (a Habous `ville` id, as a string), kept
 * in localStorage under `prayerCity` so the choice survives reloads and is
 * shared by every prayer widget on the page. Empty: none chosen yet (the
 * widget shows the default city, 58 Casablanca).
 *
 * Browser only: read and set it from the island's effects and handlers,
 * never during server rendering (nanostores are module singletons there).
 */
import { persistentAtom } from '@nanostores/persistent';

const PRAYER_CITY_KEY = 'prayerCity';

export const $prayerCity = persistentAtom<string>(PRAYER_CITY_KEY, '');

/** The stored city id, or null when none (or something unreadable) is stored. */
export function storedPrayerCity(): number | null {
  const raw = $prayerCity.get();
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : null;
}

export function choosePrayerCity(id: number): void {
  $prayerCity.set(String(id));
}
