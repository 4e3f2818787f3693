/**
 * The security headers' policy (ADR 013): what each configuration
 * allows, and the embeddable player's exception. The browser test
 * (tests/e2e/csp.spec.ts) checks that the site runs under it.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config.ts';
import { inlineScriptHashes, isEmbeddable, securityPolicy } from '../../src/server/http/security-headers.ts';
import { CHUNK_RELOAD_SCRIPT } from '../../src/lib/inline-scripts.ts';
import { createHash } from 'node:crypto';

const directive = (csp: string, name: string) => (new RegExp(`(?:^|; )${name} ([^;]+)`).exec(csp) ?? [])[1] ?? '';

describe('security policy', () => {
  it('by default: scripts from the site and listed inline hashes only, no third party, framed by the site only', () => {
    const p = securityPolicy(parseConfig({}));
    const script = directive(p.csp, 'script-src');
    expect(script.startsWith("'self' 'sha256-")).toBe(true);
    expect(script).not.toMatch(/unsafe|https:|facebook|google/);
    expect(script).toContain(`'sha256-${createHash('sha256').update(CHUNK_RELOAD_SCRIPT).digest('base64')}'`);
    expect(inlineScriptHashes().length).toBeGreaterThanOrEqual(8);
    expect(directive(p.csp, 'frame-ancestors')).toBe("'self'");
    expect(directive(p.embedCsp, 'frame-ancestors')).toBe('*');
    expect(directive(p.csp, 'object-src')).toBe("'none'");
    expect(directive(p.csp, 'img-src')).not.toContain('https:');
    expect(p.headers).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' });
    expect(p.headers['Permissions-Policy']).toContain('camera=()');
    expect(p.headers['Strict-Transport-Security']).toBeUndefined();
  });

  it('adds ad, Facebook and live-stream origins only when configured; HSTS on an https site', () => {
    const p = securityPolicy(
      parseConfig({
        SITE_URL: 'https://www.2m.ma',
        AD_DISPLAY_PROVIDER: 'gpt',
        AD_VAST_URL: 'https://pubads.g.doubleclick.net/gampad/ads?iu={unit}',
        FACEBOOK_APP_ID: '1234567890',
        FACEBOOK_APP_SECRET: 'abcdefabcdefabcdef',
        LIVE_STREAM_URL: 'https://live.2m.ma/hls/index.m3u8',
      }),
    );
    expect(directive(p.csp, 'script-src')).toContain('https://securepubads.g.doubleclick.net');
    expect(directive(p.csp, 'script-src')).toContain('https://connect.facebook.net');
    expect(directive(p.csp, 'connect-src')).toContain('https://pubads.g.doubleclick.net');
    expect(directive(p.csp, 'connect-src')).toContain('https://graph.facebook.com');
    expect(directive(p.csp, 'media-src')).toContain('https://live.2m.ma');
    expect(directive(p.csp, 'frame-src')).toContain('https://www.facebook.com');
    expect(p.csp).toContain('upgrade-insecure-requests');
    expect(p.headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('only the embeddable live player (/{lang}/live/embed) may be framed by other sites', () => {
    expect(isEmbeddable('/fr/live/embed')).toBe(true);
    expect(isEmbeddable('/ar/live/embed?x=2')).toBe(true);
    expect(isEmbeddable('/fr/live')).toBe(false);
    expect(isEmbeddable('/fr/live?embed=1')).toBe(false); // a 301 to /fr/live/embed
    expect(isEmbeddable('/fr/replay/embed')).toBe(false);
  });
});

describe('answers of the HTTP parser', () => {
  it('a malformed request gets 400 with the security headers, and the connection closes', async () => {
    const net = await import('node:net');
    const { createDeliveryHandler, createDeliveryServer } = await import('../../src/server/delivery/server.ts');
    const policy = securityPolicy(parseConfig({}));
    const server = createDeliveryServer(createDeliveryHandler({ clientDir: '/nonexistent', siteDir: '/nonexistent', fallback: (_q, r) => void r.end('ok') }), { securityPolicy: policy });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => s.write('GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n'));
        let data = '';
        s.on('data', (d) => (data += d.toString()));
        s.on('end', () => resolve(data));
        s.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request/);
      expect(answer).toContain(`Content-Security-Policy: ${policy.csp}`);
      expect(answer).toContain('X-Content-Type-Options: nosniff');
    } finally {
      server.close();
    }
  });
});

describe('passive answers', () => {
  it('JSON, CSS, fonts, raster pictures and media get the short policy; pages, scripts, SVG, XML and untyped answers the whole one', async () => {
    const { createDeliveryHandler, createDeliveryServer } = await import('../../src/server/delivery/server.ts');
    const policy = securityPolicy(parseConfig({}));
    const types: Record<string, string> = {
      '/page': 'text/html; charset=utf-8',
      '/script': 'text/javascript; charset=utf-8',
      '/svg': 'image/svg+xml',
      '/xml': 'application/xml',
      '/json': 'application/json; charset=utf-8',
      '/css': 'text/css',
      '/font': 'font/woff2',
      '/avif': 'image/avif',
      '/m3u8': 'application/vnd.apple.mpegurl',
    };
    const server = createDeliveryServer(
      createDeliveryHandler({
        clientDir: '/nonexistent',
        siteDir: '/nonexistent',
        fallback: (req, res) => {
          const url = req.url ?? '/';
          if (url === '/head-object') res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
          else if (url === '/none') res.writeHead(304).end();
          else {
            res.setHeader('content-type', types[url] ?? 'text/plain');
            res.end('x');
          }
        },
      }),
      { securityPolicy: policy },
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    const cspOf = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).headers.get('content-security-policy');
    try {
      for (const path of ['/page', '/script', '/svg', '/xml', '/none']) expect(await cspOf(path), path).toBe(policy.csp);
      for (const path of ['/json', '/css', '/font', '/avif', '/m3u8', '/head-object']) expect(await cspOf(path), path).toBe(policy.passiveCsp);
      expect(policy.passiveCsp).toContain("frame-ancestors 'self'");
      expect(policy.passiveCsp.length).toBeLessThan(policy.csp.length / 10);
    } finally {
      server.close();
    }
  });
});
