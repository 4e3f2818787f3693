/**
 * The country lookup wired to the configuration: GEOIP_DB_PATH (default: the
 * npm country database), COUNTRY_HEADER, TRUST_PROXY_HOPS.
 */
import { getConfig } from '../config.ts';
import { defaultDbPath, openCountryDb } from './country-db.ts';
import { createGeoHandlers } from './handler.ts';
import { proxyTrust } from '../http/index.ts';
import type { CountryInfo } from './lookup.ts';

let handlers: ReturnType<typeof createGeoHandlers> | undefined;

function geo(): ReturnType<typeof createGeoHandlers> {
  if (!handlers) {
    const config = getConfig();
    handlers = createGeoHandlers({
      db: openCountryDb(config.GEOIP_DB_PATH ?? defaultDbPath()),
      proxyTrust: proxyTrust(config),
      countryHeader: config.COUNTRY_HEADER,
    });
  }
  return handlers;
}

export function handleIpRequest(request: Request, peer: string | undefined): Promise<Response> {
  return geo().handleIp(request, peer);
}

export function handleGeoRequest(request: Request, peer: string | undefined): Promise<Response> {
  return geo().handleGeo(request, peer);
}

/** The requesting visitor's country (same decision as `/geo/json.gp` without `ip`). */
export function visitorCountry(request: Request, peer: string | undefined): Promise<CountryInfo> {
  return geo().visitorCountry(request, peer);
}
