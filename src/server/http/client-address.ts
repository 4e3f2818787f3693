/**
 * Who is asking: the visitor's address for rate limits and the country flag.
 */
import { isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

/**
 * Which proxies' X-Forwarded-For is believed: a number of hops (each from
 * a loopback address), or a trust function of proxy-addr (`proxyTrust`).
 */
export type ProxyTrust = number | ((address: string, hop: number) => boolean);

const loopback = proxyaddr.compile('loopback');

/**
 * The trust of a configuration: none with TRUST_PROXY_HOPS=0; else the
 * socket's peer must be in TRUSTED_PROXIES (loopback by default) for
 * X-Forwarded-For to be read at all, and so must every further proxy
 * named in it, up to TRUST_PROXY_HOPS of them.
 */
export function proxyTrust(config: { TRUST_PROXY_HOPS: number; TRUSTED_PROXIES: readonly string[] }): ProxyTrust {
  if (config.TRUST_PROXY_HOPS <= 0) return 0;
  const trusted = proxyaddr.compile([...config.TRUSTED_PROXIES]);
  const hops = config.TRUST_PROXY_HOPS;
  return (address, hop) => hop < hops && trusted(address, hop);
}

/**
 * With no trust (TRUST_PROXY_HOPS=0, the default) it is the socket's peer.
 * Behind trusted reverse proxies that append to X-Forwarded-For (nginx:
 * `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;`), the
 * chain is walked from the right (proxy-addr), from the socket's peer: each
 * address the trust accepts is a proxy, the first it does not is the
 * visitor. A peer that is not a trusted proxy is the visitor itself, and
 * whatever X-Forwarded-For it sends is never read; entries further left
 * than the trusted hops are written by the client and never believed.
 */
export function clientAddress(request: Request, peer: string | undefined, trust: ProxyTrust): string {
  const fallback = peer || 'unknown';
  if (trust === 0 || !peer) return fallback;
  const forwarded = request.headers.get('x-forwarded-for');
  if (!forwarded) return fallback;
  const fn: (address: string, hop: number) => boolean = typeof trust === 'number' ? (a, i) => i < trust && loopback(a, i) : trust;
  const socket = { remoteAddress: peer };
  return proxyaddr({ headers: { 'x-forwarded-for': forwarded }, connection: socket, socket } as unknown as Parameters<typeof proxyaddr>[0], fn);
}

/**
 * The key of an address for limits: IPv4 as is (also when IPv4-mapped),
 * IPv6 by its /64 prefix (one subscriber's whole network, which one person
 * can rotate through at will).
 */
export function addressKey(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare.toLowerCase();
  const [head = '', tail = ''] = bare.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The socket address of an Astro request, when there is one (`Astro.clientAddress` throws otherwise). */
export function peerAddress(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** Whether a listening address is reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare) || /^::ffff:127\./i.test(bare);
}
