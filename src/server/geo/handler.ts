/**
 * The two compatibility paths of docs/product.md, Widgets, answered locally:
 *
 *  - `GET /ip/?format=json` → `{ "ip": "<the visitor's address>" }`
 *    (`format=text` or no format: the address as plain text). The address
 *    is the one the rate limits use (src/server/http/client-address.ts:
 *    the socket's peer, or the TRUST_PROXY_HOPS-th X-Forwarded-For entry
 *    from the right behind proxies).
 *  - `GET /geo/json.gp?ip=<address>` → a geoPlugin-shaped JSON:
 *    { geoplugin_request, geoplugin_status (200 known, 404 unknown),
 *      geoplugin_countryCode, geoplugin_countryName (English, "" unknown),
 *      countryFlag (0 Morocco or unknown, 1 elsewhere), source }.
 *    No `ip` (or an empty one): the visitor's own address.
 *
 * A malformed `ip` or `format` answers 422 with a message in the visitor's
 * language (never 400, docs/product.md, Errors); other methods than GET/HEAD 405. Answers
 * depend on the visitor: `Cache-Control: private, no-store`.
 */
import * as m from '../../paraglide/messages.js';
import { apiMessage } from '../api/messages.ts';
import { clientAddress, errorEnvelope, jsonResponse, readLocale, type ProxyTrust } from '../http/index.ts';
import type { CountryDb } from './country-db.ts';
import { normalizeIp } from './ip.ts';
import { lookupCountry, type CountryInfo } from './lookup.ts';

export interface GeoDeps {
  db: CountryDb;
  proxyTrust: ProxyTrust;
  /** Name of the CDN's country header (COUNTRY_HEADER), or undefined. */
  countryHeader?: string | undefined;
}

const NO_STORE = { 'cache-control': 'private, no-store' };

function failure(code: 405 | 422, message: string, field?: string, headers: Record<string, string> = {}): Response {
  return errorEnvelope(code, message, { errors: field ? { [field]: [message] } : undefined, headers, cacheControl: NO_STORE['cache-control'] });
}

export function createGeoHandlers(deps: GeoDeps) {
  /** The visitor's normalized address, or null when unknown (in-process request). */
  function visitorIp(request: Request, peer: string | undefined): string | null {
    return normalizeIp(clientAddress(request, peer, deps.proxyTrust));
  }

  /**
   * The country of `ip` (the CDN's header decides when `ip` is the visitor's
   * own, lookup.ts), or unknown without an address.
   */
  async function countryOf(request: Request, ip: string | null, visitor: string | null): Promise<CountryInfo> {
    if (!ip) return { ip: '', code: null, name: null, source: 'unknown', flag: 0 };
    const headerValue = deps.countryHeader ? request.headers.get(deps.countryHeader) : undefined;
    return lookupCountry({ ip, visitorIp: visitor, headerValue, db: deps.db });
  }

  async function handleIp(request: Request, peer: string | undefined): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return failure(405, apiMessage(405, locale), undefined, { allow: 'GET, HEAD' });
    const format = url.searchParams.get('format') ?? 'text';
    if (format !== 'json' && format !== 'text') return failure(422, m.geo_invalid_format({}, { locale }), 'format');
    const ip = visitorIp(request, peer) ?? '';
    if (format === 'json') return jsonResponse({ ip }, 200, NO_STORE);
    return new Response(ip, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE } });
  }

  async function handleGeo(request: Request, peer: string | undefined): Promise<Response> {
    const url = new URL(request.url);
    const locale = readLocale(request, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return failure(405, apiMessage(405, locale), undefined, { allow: 'GET, HEAD' });
    const visitor = visitorIp(request, peer);
    const asked = url.searchParams.get('ip');
    let ip: string | null;
    if (asked === null || asked.trim() === '') {
      ip = visitor;
    } else {
      ip = normalizeIp(asked);
      if (!ip) return failure(422, m.geo_invalid_ip({}, { locale }), 'ip');
    }
    const country = await countryOf(request, ip, visitor);
    return jsonResponse(
      {
        geoplugin_request: country.ip,
        geoplugin_status: country.code ? 200 : 404,
        geoplugin_countryCode: country.code ?? '',
        geoplugin_countryName: country.name ?? '',
        countryFlag: country.flag,
        source: country.source,
      },
      200,
      NO_STORE,
    );
  }

  /**
   * The requesting visitor's own country, decided exactly as `/geo/json.gp`
   * without `ip` decides it (CDN header, else the local database); for
   * answers that depend on the market (the house ad server's `market=auto`).
   */
  async function visitorCountry(request: Request, peer: string | undefined): Promise<CountryInfo> {
    const visitor = visitorIp(request, peer);
    return countryOf(request, visitor, visitor);
  }

  return { handleIp, handleGeo, visitorCountry };
}
