/**
 * Which push endpoints the site accepts and posts to. A subscription's
 * endpoint comes from the browser, that is from anyone: storing any URL and
 * later POSTing to it would let a visitor aim the server at internal
 * addresses (SSRF). So an endpoint must be:
 *
 *  - `https:` on the default port, with a DNS host name (push services are
 *    FCM, Mozilla, Apple, Microsoft…: all public names on 443), no
 *    credentials, at most MAX_ENDPOINT_CHARS long;
 *  - not an IP literal, not `localhost` nor a `.localhost`, `.local`,
 *    `.internal`, `.lan`, `.home.arpa` name;
 *  - and, when the request is made, resolve only to public addresses: the
 *    sender's DNS lookup (`guardedLookup`) refuses loopback, private,
 *    link-local, shared, multicast and reserved ranges, so a public name
 *    pointing inside is refused too.
 *
 * With `allowLocal` (outside production, or PUSH_ALLOW_LOCAL_ENDPOINTS for
 * a local test push service) loopback endpoints are accepted as well,
 * `http:` or `https:`, any port: 127.0.0.0/8, ::1 and localhost. Never
 * other private ranges.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isNonPublicIp, normalizeIp } from '../geo/ip.ts';

export const MAX_ENDPOINT_CHARS = 2048;

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|intranet|home\.arpa)$/i;

function isLoopbackAddress(address: string): boolean {
  const ip = normalizeIp(address);
  return ip !== null && (ip === '::1' || /^127\./.test(ip));
}

/** True for an address the sender may connect to (the ranges of src/server/geo/ip.ts refused). */
export function isPublicAddress(address: string): boolean {
  const ip = normalizeIp(address);
  return ip !== null && !isNonPublicIp(ip);
}

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Whether `value` may be stored as, and posted to as, a push endpoint. */
export function checkEndpoint(value: string, opts: { allowLocal: boolean }): EndpointCheck {
  if (value.length > MAX_ENDPOINT_CHARS) return { ok: false, reason: `longer than ${MAX_ENDPOINT_CHARS} characters` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  const loopback = literal ? isLoopbackAddress(host) : /^localhost$/i.test(host);
  if (opts.allowLocal && loopback && (url.protocol === 'https:' || url.protocol === 'http:')) return { ok: true, url };
  if (url.protocol !== 'https:') return { ok: false, reason: 'not https' };
  if (url.port !== '') return { ok: false, reason: 'not on the default https port' };
  if (literal) return { ok: false, reason: 'an IP address, not a push service name' };
  if (!host.includes('.') || LOCAL_NAMES.test(host.replace(/\.$/, ''))) return { ok: false, reason: 'not a public host name' };
  return { ok: true, url };
}

/**
 * A DNS lookup for the sender's connections that fails when the name
 * resolves to any address the site must not reach (see the top of this
 * file); loopback passes with `allowLocal`.
 */
export function guardedLookup(opts: { allowLocal: boolean }): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((a) => !(isPublicAddress(a.address) || (opts.allowLocal && isLoopbackAddress(a.address))));
      if (refused || addresses.length === 0) {
        const err: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to ${refused ? refused.address : 'nothing'}, which is not a public address: not a push service`,
        );
        err.code = 'EPUSHADDRESS';
        callback(err, '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
