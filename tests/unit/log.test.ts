/**
 * Structured logging (ADR 013): JSON lines, LOG_LEVEL, redaction of
 * personal data and secrets, one request id per request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { withRequestLog } from '../../src/server/http/request-log.ts';
import { createLogger, requestContext, scrub } from '../../src/server/log.ts';

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('logger', () => {
  it('writes one JSON object per line in production, at LOG_LEVEL and above', () => {
    const { lines, stream } = sink();
    const log = createLogger({ level: 'warn', pretty: false, destination: stream });
    log.info('hidden');
    log.debug('hidden too');
    log.warn({ area: 'tracking' }, 'queue slow');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, area: 'tracking', msg: 'queue slow' });
  });

  it('writes readable lines in development', () => {
    const { lines, stream } = sink();
    createLogger({ level: 'debug', pretty: true, destination: stream }).debug('bonjour');
    expect(lines.join('\n')).toMatch(/DEBUG.*bonjour/);
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it('never writes an e-mail, password, token, cookie or Authorization, as a field, in a message or in an error', () => {
    const { lines, stream } = sink();
    const log = createLogger({ level: 'debug', pretty: false, destination: stream });
    log.info({ email: 'salma@example.ma', password: 'correct horse', user: { email: 'x@y.ma', token: 'abc' } }, 'sign-up');
    log.info({ headers: { cookie: 'sid=SESSIONSECRET', authorization: 'Bearer BEARERSECRET' } }, 'headers');
    log.info({ req: { headers: { 'set-cookie': 'sid=SETCOOKIESECRET' } } }, 'nested');
    log.warn('mail to salma@example.ma failed, Authorization: Bearer BEARER2, cookie sid=SID2');
    log.warn('GET /fr/newsletter/confirm?token=CONFIRMTOKEN&x=1 and postgres://u:DBPASS@db/site');
    log.error({ err: new Error('could not send to hind@example.ma with password=PW123') }, 'failed');
    const out = lines.join('\n');
    for (const secret of ['salma@example.ma', 'x@y.ma', 'hind@example.ma', 'correct horse', 'abc"', 'SESSIONSECRET', 'BEARERSECRET', 'SETCOOKIESECRET', 'BEARER2', 'SID2', 'CONFIRMTOKEN', 'DBPASS', 'PW123']) {
      expect(out, secret).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(out).toContain('[email]');
    expect(lines).toHaveLength(6);
  });

  it('scrubs text', () => {
    expect(scrub('a@b.ma')).toBe('[email]');
    expect(scrub('/x?token=abc&lang=fr')).toBe('/x?token=[redacted]&lang=fr');
  });
});

describe('request id', () => {
  it('gives each request its own id, sent back and attached to the log lines written while serving it', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) =>
      withRequestLog(req, res, () => {
        seen.push(requestContext.getStore()?.reqId ?? '');
        setTimeout(() => res.end('ok'), 5);
      }),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const [a, b] = await Promise.all([fetch(`http://127.0.0.1:${port}/a`), fetch(`http://127.0.0.1:${port}/b`)]);
      const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[0]).not.toBe(ids[1]);
      expect(seen.sort()).toEqual([...ids].sort());
      const kept = await fetch(`http://127.0.0.1:${port}/c`, { headers: { 'x-request-id': 'edge-12345678' } });
      expect(kept.headers.get('x-request-id')).toBe('edge-12345678');
      const forged = await fetch(`http://127.0.0.1:${port}/d`, { headers: { 'x-request-id': 'bad id <script>' } });
      expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      server.close();
    }
  });

  it('puts the request id on lines logged inside the request', () => {
    const { lines, stream } = sink();
    const log = createLogger({ level: 'info', pretty: false, destination: stream });
    requestContext.run({ reqId: 'req-abcdefgh' }, () => log.info('inside'));
    log.info('outside');
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'req-abcdefgh', msg: 'inside' });
    expect(JSON.parse(lines[1]!).reqId).toBeUndefined();
  });
});
