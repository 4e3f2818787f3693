/**
 * Who is asking: the visitor's address for rate limits and the country flag.
 */
import { isIPv6 } from 'node:net';

/**
 * With `trustedHops` = 0 (TRUST_PROXY_HOPS, the default) it is the socket's
 * peer; behind N reverse proxies that append to X-Forwarded-For (nginx:
 * `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;`), it is the
 * N-th entry from the right, the address the outermost trusted proxy saw.
 * Entries further left are written by the client and never trusted.
 */
export function clientAddress(request: Request, peer: string | undefined, trustedHops: number): string {
  const fallback = peer || 'unknown';
  if (trustedHops <= 0) return fallback;
  const chain = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - trustedHops] ?? chain[0] ?? fallback;
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
