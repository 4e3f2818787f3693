/**
 * The visitor's address for rate limits. With `trustedHops` = 0 (the
 * default) it is the socket's peer; behind N reverse proxies that append to
 * X-Forwarded-For (nginx: `proxy_set_header X-Forwarded-For
 * $proxy_add_x_forwarded_for;`), it is the N-th entry from the right, the
 * address the outermost trusted proxy saw. Entries further left are written
 * by the client and never trusted.
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
