/**
 * The towns of the weather widget (docs/product.md, Widgets, Limits): 57 Moroccan towns
 * with numeric ids. The original site's ids are kept (1 Casablanca, 7 Marrakech,
 * 11 Rabat, 15 Tanger, 34 Fès, 46 Agadir); the others are ours and must never
 * be renumbered (visitors' browsers remember the id they chose).
 *
 * Coordinates (WGS 84, town centre) were copied from the GeoNames points of
 * the Habous city list (habous-cities.tsv, CC BY 4.0 GeoNames, the same
 * list src/server/prayer/cities.ts was made from), Salé from GeoNames directly.
 * Arabic names follow the usual Moroccan press spelling.
 */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales.ts';

export interface WeatherCity {
  id: number;
  ar: string;
  fr: string;
  lat: number;
  lon: number;
}

/** Default city (docs/product.md, Limits): Casablanca. */
export const DEFAULT_WEATHER_CITY = 1;

export const WEATHER_CITIES: readonly WeatherCity[] = [
  { id: 1, ar: 'الدار البيضاء', fr: 'Casablanca', lat: 33.58831, lon: -7.61138 },
  { id: 2, ar: 'المحمدية', fr: 'Mohammédia', lat: 33.68607, lon: -7.38298 },
  { id: 3, ar: 'الجديدة', fr: 'El Jadida', lat: 33.25682, lon: -8.50882 },
  { id: 4, ar: 'سطات', fr: 'Settat', lat: 33.00103, lon: -7.61662 },
  { id: 5, ar: 'برشيد', fr: 'Berrechid', lat: 33.26553, lon: -7.58754 },
  { id: 6, ar: 'آسفي', fr: 'Safi', lat: 32.29939, lon: -9.23718 },
  { id: 7, ar: 'مراكش', fr: 'Marrakech', lat: 31.63416, lon: -7.99994 },
  { id: 8, ar: 'الصويرة', fr: 'Essaouira', lat: 31.5125, lon: -9.77 },
  { id: 9, ar: 'بني ملال', fr: 'Béni Mellal', lat: 32.33725, lon: -6.34983 },
  { id: 10, ar: 'خريبكة', fr: 'Khouribga', lat: 32.88108, lon: -6.9063 },
  { id: 11, ar: 'الرباط', fr: 'Rabat', lat: 34.01325, lon: -6.83255 },
  { id: 12, ar: 'سلا', fr: 'Salé', lat: 34.0531, lon: -6.79846 },
  { id: 13, ar: 'القنيطرة', fr: 'Kénitra', lat: 34.26101, lon: -6.5802 },
  { id: 14, ar: 'الخميسات', fr: 'Khémisset', lat: 33.82404, lon: -6.06627 },
  { id: 15, ar: 'طنجة', fr: 'Tanger', lat: 35.76727, lon: -5.79975 },
  { id: 16, ar: 'تطوان', fr: 'Tétouan', lat: 35.57845, lon: -5.36837 },
  { id: 17, ar: 'العرائش', fr: 'Larache', lat: 35.19321, lon: -6.15572 },
  { id: 18, ar: 'أصيلة', fr: 'Asilah', lat: 35.46522, lon: -6.03415 },
  { id: 19, ar: 'شفشاون', fr: 'Chefchaouen', lat: 35.16878, lon: -5.2636 },
  { id: 20, ar: 'الحسيمة', fr: 'Al Hoceïma', lat: 35.25165, lon: -3.93723 },
  { id: 21, ar: 'القصر الكبير', fr: 'Ksar El Kébir', lat: 35.00044, lon: -5.90378 },
  { id: 22, ar: 'وجدة', fr: 'Oujda', lat: 34.68139, lon: -1.90858 },
  { id: 23, ar: 'الناظور', fr: 'Nador', lat: 35.16813, lon: -2.93352 },
  { id: 24, ar: 'بركان', fr: 'Berkane', lat: 34.92, lon: -2.32 },
  { id: 25, ar: 'تاوريرت', fr: 'Taourirt', lat: 34.40731, lon: -2.89732 },
  { id: 26, ar: 'جرسيف', fr: 'Guercif', lat: 34.22568, lon: -3.35361 },
  { id: 27, ar: 'السعيدية', fr: 'Saïdia', lat: 35.08195, lon: -2.22897 },
  { id: 28, ar: 'فجيج', fr: 'Figuig', lat: 32.10891, lon: -1.22855 },
  { id: 29, ar: 'بوعرفة', fr: 'Bouarfa', lat: 32.53379, lon: -1.96209 },
  { id: 30, ar: 'مكناس', fr: 'Meknès', lat: 33.89352, lon: -5.54727 },
  { id: 31, ar: 'إفران', fr: 'Ifrane', lat: 33.52666, lon: -5.11019 },
  { id: 32, ar: 'أزرو', fr: 'Azrou', lat: 33.43443, lon: -5.22126 },
  { id: 33, ar: 'الحاجب', fr: 'El Hajeb', lat: 33.68786, lon: -5.371 },
  { id: 34, ar: 'فاس', fr: 'Fès', lat: 34.03313, lon: -5.00028 },
  { id: 35, ar: 'صفرو', fr: 'Sefrou', lat: 33.83186, lon: -4.828 },
  { id: 36, ar: 'تازة', fr: 'Taza', lat: 34.21, lon: -4.01 },
  { id: 37, ar: 'تاونات', fr: 'Taounate', lat: 34.53661, lon: -4.64009 },
  { id: 38, ar: 'ميسور', fr: 'Missour', lat: 33.04893, lon: -3.98947 },
  { id: 39, ar: 'ميدلت', fr: 'Midelt', lat: 32.6852, lon: -4.74512 },
  { id: 40, ar: 'خنيفرة', fr: 'Khénifra', lat: 32.93492, lon: -5.66167 },
  { id: 41, ar: 'الرشيدية', fr: 'Errachidia', lat: 31.9314, lon: -4.42663 },
  { id: 42, ar: 'أرفود', fr: 'Erfoud', lat: 31.4353, lon: -4.23258 },
  { id: 43, ar: 'ورزازات', fr: 'Ouarzazate', lat: 30.91894, lon: -6.89341 },
  { id: 44, ar: 'زاكورة', fr: 'Zagora', lat: 30.33241, lon: -5.8384 },
  { id: 45, ar: 'تنغير', fr: 'Tinghir', lat: 31.51472, lon: -5.53278 },
  { id: 46, ar: 'أكادير', fr: 'Agadir', lat: 30.42018, lon: -9.59815 },
  { id: 47, ar: 'تارودانت', fr: 'Taroudant', lat: 30.47028, lon: -8.87695 },
  { id: 48, ar: 'تيزنيت', fr: 'Tiznit', lat: 29.69742, lon: -9.73162 },
  { id: 49, ar: 'كلميم', fr: 'Guelmim', lat: 28.98696, lon: -10.05738 },
  { id: 50, ar: 'طانطان', fr: 'Tan-Tan', lat: 28.43799, lon: -11.10321 },
  { id: 51, ar: 'سيدي إفني', fr: 'Sidi Ifni', lat: 29.37975, lon: -10.17299 },
  { id: 52, ar: 'طاطا', fr: 'Tata', lat: 29.74409, lon: -7.973 },
  { id: 53, ar: 'العيون', fr: 'Laâyoune', lat: 27.1418, lon: -13.18797 },
  { id: 54, ar: 'السمارة', fr: 'Smara', lat: 26.73841, lon: -11.67194 },
  { id: 55, ar: 'بوجدور', fr: 'Boujdour', lat: 26.13073, lon: -14.48513 },
  { id: 56, ar: 'الداخلة', fr: 'Dakhla', lat: 23.68477, lon: -15.95798 },
  { id: 57, ar: 'قلعة السراغنة', fr: 'Kelâa des Sraghna', lat: 32.05121, lon: -7.41079 },
];

const BY_ID: ReadonlyMap<number, WeatherCity> = new Map(WEATHER_CITIES.map((c) => [c.id, c]));

export function weatherCity(id: number): WeatherCity | undefined {
  return BY_ID.get(id);
}

export interface CityChoice {
  id: number;
  name: string;
}

const SORTED = new Map<Locale, readonly CityChoice[]>();

/** Every town as { id, name } in `lang`, sorted for that language (Intl.Collator). */
export function cityChoices(lang: Locale): readonly CityChoice[] {
  let list = SORTED.get(lang);
  if (!list) {
    const collator = new Intl.Collator(LOCALE_CONFIG[lang].bcp47, { sensitivity: 'base' });
    list = WEATHER_CITIES.map((c) => ({ id: c.id, name: c[lang] })).sort((a, b) => collator.compare(a.name, b.name));
    SORTED.set(lang, list);
  }
  return list;
}
