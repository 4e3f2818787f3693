/**
 * The Web Push protocol pieces, with Node's own crypto (ADR 007):
 *
 *  - payload encryption to one browser (RFC 8291 "Message Encryption for
 *    Web Push", the `aes128gcm` content coding of RFC 8188): an ephemeral
 *    P-256 key pair and a random salt per message, ECDH with the browser's
 *    `p256dh` key, HKDF-SHA-256 through the browser's `auth` secret, one
 *    AES-128-GCM record;
 *  - the VAPID authorisation (RFC 8292): an ES256 JWT for the push
 *    service's origin, signed with the application server's key, sent as
 *    `Authorization: vapid t=<jwt>, k=<public key>`;
 *  - VAPID key pairs (P-256), as base64url: the public key as the
 *    uncompressed point browsers take as `applicationServerKey` (65 bytes),
 *    the private key as the 32-byte scalar.
 *
 * No I/O here: src/server/push/send.ts posts what `pushRequest` builds.
 */
import { createCipheriv, createECDH, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes, 0x04…). */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
}

/** What a browser's PushSubscription gives (its `toJSON().keys`). */
export interface SubscriptionKeys {
  /** base64url of the browser's P-256 public key (65 bytes). */
  p256dh: string;
  /** base64url of the browser's 16-byte auth secret. */
  auth: string;
}

/** The record size announced in the header: one record carries the whole payload. */
const RECORD_SIZE = 4096;
/** Header: salt (16) + record size (4) + key id length (1) + key id (65). */
const HEADER_BYTES = 16 + 4 + 1 + 65;
/** GCM tag. */
const TAG_BYTES = 16;
/**
 * The largest plaintext one message carries: push services accept a body of
 * 4096 bytes (RFC 8030 §7.2 lets them refuse more), and the body is the
 * header, the plaintext, its delimiter byte and the tag.
 */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - HEADER_BYTES - TAG_BYTES - 1;

const b64 = (buf: Uint8Array): string => Buffer.from(buf).toString('base64url');

/** A new VAPID key pair. */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d || !jwk.x || !jwk.y) throw new Error('P-256 key export failed');
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { publicKey: b64(point), privateKey: jwk.d };
}

/** The signing key of a VAPID key pair (throws when the pair is not one). */
export function vapidSigningKey(keys: VapidKeys): KeyObject {
  const point = Buffer.from(keys.publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('the VAPID public key is not an uncompressed P-256 point');
  return createPrivateKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
  });
}

/**
 * The VAPID `Authorization` header value for requests to `audience` (the
 * push service's origin, e.g. https://fcm.googleapis.com), valid until
 * `expiresAt` (RFC 8292 §2: at most 24 hours ahead).
 */
export function vapidAuthorization(opts: {
  keys: VapidKeys;
  signingKey?: KeyObject;
  audience: string;
  subject: string;
  expiresAt: Date;
}): string {
  const header = b64(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64(
    Buffer.from(JSON.stringify({ aud: opts.audience, exp: Math.floor(opts.expiresAt.getTime() / 1000), sub: opts.subject })),
  );
  const signingInput = `${header}.${claims}`;
  // ES256 signatures in a JWT are r || s (IEEE P1363), not DER.
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: opts.signingKey ?? vapidSigningKey(opts.keys),
    dsaEncoding: 'ieee-p1363',
  });
  return `vapid t=${signingInput}.${b64(signature)}, k=${opts.keys.publicKey}`;
}

/** A valid browser public key: a 65-byte uncompressed point that lies on P-256. */
export function isValidP256dh(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || b64(point) !== p256dh) return false;
  try {
    // ECDH refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/** A valid browser auth secret (16 bytes). */
export function isValidAuth(auth: string): boolean {
  const bytes = Buffer.from(auth, 'base64url');
  return bytes.length === 16 && b64(bytes) === auth;
}

const hkdf = (ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Encrypts `plaintext` for one browser (RFC 8291 §3-§4): the body of the
 * push request, `Content-Encoding: aes128gcm`. `salt` and `ephemeralPrivateKey`
 * are for tests (RFC 8291 Appendix A); left out, they are fresh and random,
 * as they must be for every message.
 */
export function encryptPayload(
  plaintext: Uint8Array,
  to: SubscriptionKeys,
  fixed: { salt?: Uint8Array; ephemeralPrivateKey?: Uint8Array } = {},
): Buffer {
  if (plaintext.length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`a push payload holds at most ${MAX_PAYLOAD_BYTES} bytes (got ${plaintext.length})`);
  }
  const uaPublic = Buffer.from(to.p256dh, 'base64url');
  const authSecret = Buffer.from(to.auth, 'base64url');
  if (uaPublic.length !== 65 || authSecret.length !== 16) throw new Error('malformed subscription keys');

  const ecdh = createECDH('prime256v1');
  if (fixed.ephemeralPrivateKey) ecdh.setPrivateKey(fixed.ephemeralPrivateKey);
  else ecdh.generateKeys();
  const asPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(uaPublic);
  const salt = fixed.salt ?? randomBytes(16);

  // RFC 8291 §3.4: IKM from the shared secret, keyed by the auth secret and both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), uaPublic, asPublic]);
  const ikm = hkdf(sharedSecret, authSecret, keyInfo, 32);
  // RFC 8188 §2.2-2.3: content-encryption key and nonce (one record: sequence number 0).
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // The last (only) record ends with the delimiter 0x02, and no padding.
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final(), cipher.getAuthTag()]);

  const header = Buffer.alloc(HEADER_BYTES);
  Buffer.from(salt).copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  asPublic.copy(header, 21);
  return Buffer.concat([header, ciphertext]);
}

export interface PushRequest {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The HTTP request that delivers `payload` to one subscription (RFC 8030
 * §5): POST to its endpoint with the encrypted body, TTL (seconds the push
 * service keeps it for an offline browser), Urgency, an optional Topic
 * (a newer message with the same topic replaces an undelivered one) and the
 * VAPID authorisation.
 */
export function pushRequest(opts: {
  endpoint: URL;
  keys: SubscriptionKeys;
  payload: Uint8Array;
  authorization: string;
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topic?: string;
}): PushRequest {
  const body = encryptPayload(opts.payload, opts.keys);
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    'content-encoding': 'aes128gcm',
    'content-length': String(body.length),
    ttl: String(Math.max(0, Math.floor(opts.ttlSeconds))),
    urgency: opts.urgency,
    authorization: opts.authorization,
  };
  if (opts.topic) {
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(opts.topic)) throw new Error('a Topic is 1 to 32 base64url characters');
    headers.topic = opts.topic;
  }
  return { url: opts.endpoint, headers, body };
}
