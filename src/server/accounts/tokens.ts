/**
 * Session tokens (docs/product.md, Accounts and forms): 32 random bytes sent to the
 * browser once, in the HttpOnly cookie; the store keeps only their SHA-256,
 * so a copy of the store opens no session. A hash lookup needs no
 * constant-time comparison: the attacker does not control the stored side.
 */
import crypto from 'node:crypto';

/** 43 characters of base64url: 256 bits from the system's CSPRNG. */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The session token a request's Cookie header holds under `name` (visitors'
 * and the desk's sessions), or null: a malformed value counts as none.
 */
export function tokenFromCookies(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (SESSION_TOKEN_PATTERN.test(value)) return value;
  }
  return null;
}

/** The value stored in `sessions.token_hash`: lowercase hex SHA-256. */
export function hashSessionToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}
