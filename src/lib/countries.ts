/**
 * The countries a house banner can be shown in (docs/desk.md "Banners",
 * ADR 053): ISO 3166-1 alpha-2 codes, shared by the desk's screen and the
 * server's checks.
 *
 * The list is the 249 officially assigned codes, plus XK (Kosovo, the
 * user-assigned code the country databases and CDNs send), less EH: the
 * site counts the Moroccan Sahara as Morocco, so a visitor there is
 * matched as MA (`targetCountry`) and the desk never offers EH apart.
 */

/** The rule of a banner's countries: everywhere, only in the listed countries, or everywhere but them. */
export const COUNTRY_RULES = ['all', 'only', 'except'] as const;
export type CountryRule = (typeof COUNTRY_RULES)[number];

const CODES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
XK
YE YT
ZA ZM ZW`;

/** Every code a banner may name (249). */
const COUNTRY_CODES: readonly string[] = CODES.trim().split(/\s+/);

const KNOWN = new Set(COUNTRY_CODES);

/** The most a banner's list may hold: every country once. */
export const MAX_BANNER_COUNTRIES = COUNTRY_CODES.length;

export function isCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

/** Morocco, then the countries of the Moroccan diaspora and of the Gulf: what the desk offers first. */
const FIRST_COUNTRIES = ['MA', 'FR', 'BE', 'ES', 'NL', 'IT', 'DE', 'CA', 'US', 'AE', 'SA', 'QA'] as const;

/** Morocco's code, and the code of the Moroccan Sahara that counts as Morocco. */
export const MOROCCO = 'MA';
const SAHARA = 'EH';

/** A visitor's country code as banners are matched against it (EH counts as MA); null stays unknown. */
export function targetCountry(code: string | null): string | null {
  return code === SAHARA ? MOROCCO : code;
}

/**
 * Whether a banner with this rule is shown to a visitor:
 *  - `all`: to everyone, a visitor of unknown country too;
 *  - `only`: to a visitor whose country is known and listed;
 *  - `except`: to a visitor whose country is known and not listed. Of a
 *    visitor only known to be abroad (`abroad`, no code), only when the list
 *    names Morocco alone.
 * An unknown country (no database, a private address) thus sees only the
 * banners shown everywhere.
 */
export function shownTo(rule: CountryRule, countries: readonly string[], visitor: { code: string | null; abroad: boolean }): boolean {
  if (rule === 'all') return true;
  const code = targetCountry(visitor.code);
  if (rule === 'only') return code !== null && countries.includes(code);
  if (code !== null) return !countries.includes(code);
  return visitor.abroad && countries.every((c) => c === MOROCCO);
}

/** Codes in the desk's order: the first countries as listed, then the others by their name in `locale`. */
export function countriesInOrder(locale: string, names: (code: string) => string): { first: string[]; others: string[] } {
  const first: string[] = [...FIRST_COUNTRIES];
  const collator = new Intl.Collator(locale);
  const others = COUNTRY_CODES.filter((c) => !first.includes(c)).sort((a, b) => collator.compare(names(a), names(b)));
  return { first, others };
}
