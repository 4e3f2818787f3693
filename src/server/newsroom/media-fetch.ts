/**
 * Fetching a picture the newsroom gives by URL (a ninjs rendition's `href`,
 * a body's `<img src>`, a replay's poster), once, at ingest, so that the
 * site copies it into its own media store instead of hotlinking it (ADR 031).
 * The URL comes from outside, so the fetch is guarded against being aimed
 * at the site's own network (SSRF):
 *
 *  - `http:` or `https:` only, no credentials in the URL;
 *  - the host must be one of MEDIA_FETCH_HOSTS (`photos.agency.com`, or
 *    `*.agency.com` for its subdomains) when that list is set; empty, any
 *    public host;
 *  - every address the host resolves to must be public: loopback, private,
 *    link-local, shared, multicast and reserved ranges are refused
 *    (src/server/geo/ip.ts). The check is the connection's own DNS lookup
 *    (undici's Agent with `connect.lookup`), so the address checked is the
 *    address connected to: a name cannot resolve to a public address for the
 *    check and to 127.0.0.1 for the connection. An IP literal is checked as
 *    it is;
 *  - redirects are followed by hand, at most MAX_REDIRECTS, each target
 *    checked like the first URL (scheme, host list, addresses);
 *  - at most MAX_MEDIA_BYTES (the declared Content-Length first, then the
 *    bytes as they come), an answer within FETCH_TIMEOUT_MS in all, a
 *    picture's Content-Type (or none: the decoder decides).
 *
 * MEDIA_FETCH_ALLOW_PRIVATE (tests and development only; the configuration
 * refuses it in production on a public SITE_URL) lets loopback and private
 * addresses through, for a local test server; link-local addresses
 * (169.254.0.0/16, the cloud metadata service; fe80::/10) stay refused.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { isNonPublicIp, normalizeIp } from '../geo/ip.ts';
import { MAX_MEDIA_BYTES } from './media.ts';

/** Redirects followed at most. */
const MAX_REDIRECTS = 3;
/** The whole fetch, redirects included. */
const FETCH_TIMEOUT_MS = 20_000;

export class MediaFetchRefused extends Error {}

export interface FetchPolicy {
  /** MEDIA_FETCH_HOSTS: host names (`*.example.com` for subdomains); empty: any public host. */
  hosts: readonly string[];
  /** MEDIA_FETCH_ALLOW_PRIVATE: loopback and private addresses too (tests). */
  allowPrivate: boolean;
  maxBytes?: number;
  timeoutMs?: number;
}

const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');

/** Why the site must not connect to this address, or null. */
function addressProblem(address: string, allowPrivate: boolean): string | null {
  const ip = normalizeIp(address);
  if (ip === null) return `${address} is not an address`;
  const v6 = isIP(ip) === 6;
  if (linkLocal.check(ip, v6 ? 'ipv6' : 'ipv4')) return `${ip} is a link-local address`;
  if (!isNonPublicIp(ip)) return null;
  if (allowPrivate && !/^(0\.|224\.|240\.|ff)/.test(ip) && ip !== '::') return null;
  return `${ip} is not a public address (loopback, private or reserved)`;
}

/** Whether a host name is on the MEDIA_FETCH_HOSTS list (an empty list takes any). */
export function hostAllowed(host: string, hosts: readonly string[]): boolean {
  if (hosts.length === 0) return true;
  const h = host.toLowerCase().replace(/\.$/, '');
  return hosts.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('*.') ? h.endsWith(e.slice(1)) && h.length > e.length - 1 : h === e;
  });
}

/** Why this URL may not be fetched (before any connection), or null. */
export function urlProblem(url: URL, policy: FetchPolicy): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} URLs are not fetched (http or https only)`;
  if (url.username || url.password) return 'a URL with credentials is not fetched';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, policy.hosts)) return `${host} is not in MEDIA_FETCH_HOSTS`;
  if (isIP(host) !== 0) return addressProblem(host, policy.allowPrivate);
  return null;
}

/** A DNS lookup that fails when the name resolves to any address the site must not reach. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const problem = addresses.length === 0 ? 'no address' : addresses.map((a) => addressProblem(a.address, allowPrivate)).find(Boolean);
      if (problem) {
        const err: NodeJS.ErrnoException = new MediaFetchRefused(`${hostname}: ${problem}`);
        err.code = 'EMEDIAADDRESS';
        return callback(err, '', 0);
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

const agents = new Map<boolean, Agent>();
function agentFor(allowPrivate: boolean): Agent {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(allowPrivate), timeout: 5_000 }, headersTimeout: 10_000, bodyTimeout: 10_000 });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

export interface FetchedMedia {
  bytes: Uint8Array;
  /** The URL the bytes came from, after redirects. */
  url: string;
  contentType: string;
}

const PICTURE_TYPES = /^(image\/(jpeg|pjpeg|png|webp)|application\/octet-stream|binary\/octet-stream)$/;

/** The cause's words, without undici's internals. */
function reason(error: unknown): string {
  let e = error as (Error & { cause?: unknown; code?: string }) | undefined;
  while (e?.cause instanceof Error && !(e instanceof MediaFetchRefused)) e = e.cause as Error & { cause?: unknown; code?: string };
  if (e instanceof MediaFetchRefused) return e.message;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /timeout/i.test(e?.code ?? '')) return 'no complete answer in time';
  return e?.message ?? String(error);
}

/**
 * Fetches the picture at `href`, or throws MediaFetchRefused saying why
 * (refused address or host, HTTP status, size, time, type).
 */
export async function fetchMedia(href: string, policy: FetchPolicy): Promise<FetchedMedia> {
  const maxBytes = policy.maxBytes ?? MAX_MEDIA_BYTES;
  const signal = AbortSignal.timeout(policy.timeoutMs ?? FETCH_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new MediaFetchRefused(`not a URL: ${href.slice(0, 200)}`);
  }
  try {
    for (let hop = 0; ; hop++) {
      const problem = urlProblem(url, policy);
      if (problem) throw new MediaFetchRefused(problem);
      const res = await request(url, {
        method: 'GET',
        dispatcher: agentFor(policy.allowPrivate),
        signal,
        headers: { accept: 'image/webp,image/jpeg,image/png;q=0.9,*/*;q=0.1', 'user-agent': '2m-site media ingest' },
      });
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        await res.body.dump();
        if (hop >= MAX_REDIRECTS) throw new MediaFetchRefused(`more than ${MAX_REDIRECTS} redirects`);
        url = new URL(String(res.headers.location), url);
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new MediaFetchRefused(`${url.host} answered ${res.statusCode}`);
      }
      const contentType = String(res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (contentType && !PICTURE_TYPES.test(contentType)) {
        await res.body.dump();
        throw new MediaFetchRefused(`not a picture (Content-Type ${contentType})`);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        await res.body.dump();
        throw new MediaFetchRefused(`${Math.round(declared / 1024 / 1024)} MB: a picture is at most ${maxBytes / 1024 / 1024} MB`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          res.body.destroy();
          throw new MediaFetchRefused(`over ${maxBytes / 1024 / 1024} MB: a picture is at most ${maxBytes / 1024 / 1024} MB`);
        }
        chunks.push(chunk);
      }
      if (size === 0) throw new MediaFetchRefused(`${url.host} answered an empty body`);
      return { bytes: new Uint8Array(Buffer.concat(chunks, size)), url: url.href, contentType };
    }
  } catch (error) {
    if (error instanceof MediaFetchRefused) throw error;
    throw new MediaFetchRefused(`${url.host}: ${reason(error)}`);
  }
}
