/**
 * A local stand-in for a push service (FCM, Mozilla autopush…), for the
 * push tests (tests/unit/push.test.ts, tests/e2e/push.spec.ts), and the
 * browser's side of a subscription, written from the RFCs independently of
 * src/server/push:
 *
 *  - `browserSubscription()`: what a browser holds, a P-256 key pair and a
 *    16-byte auth secret;
 *  - `decryptPush()`: RFC 8291 / RFC 8188 aes128gcm decryption with the
 *    subscription's private key;
 *  - `verifyVapid()`: RFC 8292, the ES256 JWT of the Authorization header
 *    checked against the key it names, with its claims;
 *  - `startFakePushService()`: an HTTP server recording every push and
 *    answering what the test says (201 by default).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface BrowserSubscription {
  ecdh: ECDH;
  /** base64url, as PushSubscription.toJSON().keys gives them. */
  p256dh: string;
  auth: string;
}

export function browserSubscription(): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The same, from a private key and auth secret the test chose (base64url). */
export function browserSubscriptionFrom(privateKey: string, auth: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info, 'latin1') : info, length));

/** Decrypts an aes128gcm push body (RFC 8188 §2, RFC 8291 §3) to its plaintext. */
export function decryptPush(body: Buffer, sub: BrowserSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, expected the sender's 65-byte public key`);
  if (records.length > recordSize) throw new Error('more than one record: a push message has one');

  const uaPublic = sub.ecdh.getPublicKey();
  const shared = sub.ecdh.computeSecret(senderPublic);
  const ikm = hkdf(shared, Buffer.from(sub.auth, 'base64url'), Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), uaPublic, senderPublic]), 32);
  const key = hkdf(ikm, salt, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(ikm, salt, 'Content-Encoding: nonce\0', 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // Padding: zeros after the delimiter, 2 for the last record.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error(`record delimiter ${padded[end]}, expected 2 (last record)`);
  return padded.subarray(0, end);
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** Checks the `Authorization: vapid t=…, k=…` header: the JWT's ES256 signature against `k`. Throws when it does not verify. */
export function verifyVapid(header: string | undefined): { claims: VapidClaims; publicKey: string; jwtHeader: Record<string, unknown> } {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [h, c, s] = m[1]!.split('.') as [string, string, string];
  const point = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
  });
  const ok = verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('the VAPID JWT signature does not verify against k');
  return {
    claims: JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as VapidClaims,
    publicKey: m[2]!,
    jwtHeader: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

export interface ReceivedPush {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  origin: string;
  /** An endpoint URL on this service. */
  endpoint: (name: string) => string;
  received: ReceivedPush[];
  /** The status to answer for a path (default 201). */
  answer: (path: string) => number;
  close: () => Promise<void>;
}

export async function startFakePushService(answer: (path: string) => number = () => 201): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const service: Partial<FakePushService> = { received, answer };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = service.answer!(path);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? '' : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the fake push service has no port');
  const origin = `http://127.0.0.1:${address.port}`;
  service.origin = origin;
  service.endpoint = (name) => `${origin}/push/${name}`;
  service.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return service as FakePushService;
}
