/**
 * The visitor's country and the country flag (docs/product.md, Content
 * "CurrentCountry", States, Widgets: the server decides, no visitor address leaves it).
 *
 * Order:
 *  1. COUNTRY_HEADER (e.g. CF-IPCountry), when configured, present with a
 *     real ISO code (not XX, T1 or the like) and the address asked about is
 *     the visitor's own (the CDN vouches only for the requester);
 *  2. private, loopback and other non-public addresses: no country;
 *  3. the local country database.
 *
 * The flag: 1 only when a country other than Morocco is known; 0 for
 * Morocco and when no country is known (private addresses on a local
 * machine, addresses missing from the database): the home market's
 * providers are the safe default (the store starts at 0 too).
 */
import type { CountryDb } from './country-db.ts';
import { isNonPublicIp } from './ip.ts';

export type CountryFlag = 0 | 1;
type CountrySource = 'header' | 'database' | 'private' | 'unknown';

export interface CountryInfo {
  ip: string;
  /** ISO 3166-1 alpha-2 code, or null when unknown. */
  code: string | null;
  /** English short name (geoPlugin's convention), or null. */
  name: string | null;
  source: CountrySource;
  flag: CountryFlag;
}

const MOROCCO = 'MA';

/** ISO codes that CDNs send for "no country" (unknown, Tor, …). */
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'A1', 'A2', 'O1', 'EU', 'AP', 'ZZ']);

const englishNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function countryName(code: string): string | null {
  try {
    return englishNames.of(code) ?? null;
  } catch {
    return null;
  }
}

export function flagOf(code: string | null): CountryFlag {
  return code !== null && code !== MOROCCO ? 1 : 0;
}

/** A header value as an ISO code, or null when it names no country. */
export function countryFromHeader(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.has(code)) return null;
  return countryName(code) ? code : null;
}

export interface LookupInput {
  /** The normalized address asked about. */
  ip: string;
  /** The normalized address of the visitor making the request. */
  visitorIp: string | null;
  /** The configured CDN header's value on this request (undefined: not configured). */
  headerValue?: string | null | undefined;
  db: CountryDb;
}

function info(ip: string, code: string | null, source: CountrySource): CountryInfo {
  return { ip, code, name: code ? countryName(code) : null, source, flag: flagOf(code) };
}

export async function lookupCountry({ ip, visitorIp, headerValue, db }: LookupInput): Promise<CountryInfo> {
  if (headerValue !== undefined && visitorIp !== null && ip === visitorIp) {
    const fromHeader = countryFromHeader(headerValue);
    if (fromHeader) return info(ip, fromHeader, 'header');
  }
  if (isNonPublicIp(ip)) return info(ip, null, 'private');
  const code = await db.lookup(ip);
  return code ? info(ip, code, 'database') : info(ip, null, 'unknown');
}
