/**
 * Tokens sent in newsletter links: 32 random bytes as base64url (43
 * characters). The confirmation token proves that whoever follows the link
 * reads the mailbox, so only its SHA-256 is stored: a copy of the store
 * cannot confirm anyone.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for something shaped like a token from newToken() (checked before any lookup). */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}
