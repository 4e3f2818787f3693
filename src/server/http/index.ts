/**
 * Shared server plumbing (ADR 013, ADR 051): the size-limited body reader
 * and the JSON and form readers on it, the request's language, the visitor's
 * address, JSON answers and the API envelope, and rate limits in the store.
 */
export { BodyTooLarge, contentType, readBodyText, readForm, readJson, type BodyRefusal } from './body.ts';
export { addressKey, clientAddress, peerAddress, proxyTrust, type ProxyTrust } from './client-address.ts';
export { envelope, errorEnvelope, jsonResponse, okEnvelope } from './envelope.ts';
export { readLocale } from './locale.ts';
export { storeLimiter, type Limiter, type LimitRule } from './rate-limit.ts';
