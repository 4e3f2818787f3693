/**
 * Shared server plumbing (ADR 013): the size-limited body reader,
 * the visitor's address, the API envelope and rate limits in the store.
 */
export { BodyTooLarge, contentType, readBodyBytes, readBodyText } from './body.ts';
export { addressKey, clientAddress, peerAddress, proxyTrust, type ProxyTrust } from './client-address.ts';
export { errorEnvelope, okEnvelope } from './envelope.ts';
export { storeLimiter, type Limiter, type LimitRule } from './rate-limit.ts';
