/**
 * The MDN HTTP Observatory's grade of the site behind nginx over TLS
 * (deploy/nginx/2m.conf with deploy/nginx/2m-tls.conf, a self-signed
 * certificate made with openssl for this run, an http listener that
 * redirects). The scanner itself (npm @mdn/mdn-http-observatory) cannot be
 * installed here: it depends on pg-native (a native addon built at
 * install) and on a package that downloads a CA bundle at install. So
 * its rules are asserted on our answers instead, as its source states
 * them (src/analyzer/tests/*.js, scores in src/grader/charts.js of
 * version 1.4.8): the score starts at 100, each test adds its modifier,
 * bonuses count from 90 up, and 100 or more is A+.
 *
 * Over plain http the same rules give 60 (C+): no HSTS (-20) and no
 * redirection to https (-20), which is what the scanner reported.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, startNginx, type RunningNginx } from '../../scripts/nginx.ts';
import { freePorts, startServer, type RunningServer } from '../../scripts/test-server.ts';

if (!NGINX && process.env.CI) throw new Error('nginx is missing: .ci/run installs it (apt-get install nginx-light)');

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, { rejectUnauthorized: false, headers: { 'user-agent': 'Mozilla/5.0 observatory-rules' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Follows redirects as the scanner does; the chain of URLs and the last answer. */
async function follow(url: string): Promise<{ chain: string[]; last: Answer }> {
  const chain = [url];
  for (let i = 0; i < 10; i++) {
    const res = await get(chain.at(-1)!);
    const location = res.headers['location'];
    if (res.status < 300 || res.status >= 400 || typeof location !== 'string') return { chain, last: res };
    chain.push(new URL(location, chain.at(-1)).href);
  }
  throw new Error(`too many redirects from ${url}`);
}

const header = (a: Answer, name: string): string | undefined => {
  const v = a.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

type Rule = { test: string; result: string; modifier: number };

/** Each rule of the scanner on the first URL's redirect chain and final answer: its result and score modifier. */
function rules(startUrl: string, chain: string[], res: Answer): Rule[] {
  const out: Rule[] = [];
  const csp = header(res, 'content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map((d) => [d[0]!.toLowerCase(), d.slice(1)]),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  const styles = directives.get('style-src') ?? directives.get('default-src') ?? [];
  // content-security-policy: analyzer/tests/csp.js
  if (!csp) out.push({ test: 'content-security-policy', result: 'csp-not-implemented', modifier: -25 });
  else if (scripts.includes("'unsafe-inline'") && !scripts.some((s) => /^'(sha|nonce)/.test(s))) out.push({ test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline', modifier: -20 });
  else if (scripts.includes("'unsafe-eval'")) out.push({ test: 'content-security-policy', result: 'csp-implemented-with-unsafe-eval', modifier: -10 });
  else if ([...directives.values()].flat().some((s) => /^(http|ftp):/i.test(s))) out.push({ test: 'content-security-policy', result: 'csp-implemented-with-insecure-scheme', modifier: -20 });
  else if (styles.includes("'unsafe-inline'")) out.push({ test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 });
  else if (directives.get('default-src')?.join(' ') === "'none'") out.push({ test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 });
  else out.push({ test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe', modifier: 5 });
  // cookies: analyzer/tests/cookies.js
  const cookies = [res.headers['set-cookie'] ?? []].flat();
  if (cookies.length === 0) out.push({ test: 'cookies', result: 'cookies-not-found', modifier: 0 });
  else if (cookies.some((c) => !/;\s*secure\b/i.test(c))) out.push({ test: 'cookies', result: 'cookies-without-secure-flag', modifier: -20 });
  else out.push({ test: 'cookies', result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 });
  // cross-origin-resource-sharing: analyzer/tests/cors.js
  const acao = header(res, 'access-control-allow-origin');
  out.push(
    acao === '*' && header(res, 'access-control-allow-credentials') === 'true'
      ? { test: 'cross-origin-resource-sharing', result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 }
      : { test: 'cross-origin-resource-sharing', result: acao ? 'cross-origin-resource-sharing-implemented-with-public-access' : 'cross-origin-resource-sharing-not-implemented', modifier: 0 },
  );
  // redirection: analyzer/tests/redirection.js (the scan starts at http://host/)
  const first = new URL(startUrl);
  if (first.protocol === 'https:') out.push({ test: 'redirection', result: 'redirection-not-needed-no-http', modifier: 0 });
  else if (chain.length < 2) out.push({ test: 'redirection', result: 'redirection-missing', modifier: -20 });
  else if (new URL(chain.at(-1)!).protocol !== 'https:') out.push({ test: 'redirection', result: 'redirection-not-to-https', modifier: -20 });
  else if (new URL(chain[1]!).protocol !== 'https:') out.push({ test: 'redirection', result: 'redirection-not-to-https-on-initial-redirection', modifier: -10 });
  else if (new URL(chain[1]!).hostname !== first.hostname) out.push({ test: 'redirection', result: 'redirection-off-host-from-http', modifier: -5 });
  else out.push({ test: 'redirection', result: 'redirection-to-https', modifier: 0 });
  // referrer-policy: analyzer/tests/referrer-policy.js
  const referrer = (header(res, 'referrer-policy') ?? '').toLowerCase().split(',').map((s) => s.trim()).at(-1) ?? '';
  if (!referrer) out.push({ test: 'referrer-policy', result: 'referrer-policy-not-implemented', modifier: 0 });
  else if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer)) out.push({ test: 'referrer-policy', result: 'referrer-policy-private', modifier: 5 });
  else out.push({ test: 'referrer-policy', result: 'referrer-policy-unsafe', modifier: -5 });
  // strict-transport-security: analyzer/tests/strict-transport-security.js (on the final https answer)
  const hsts = header(res, 'strict-transport-security');
  const finalHttps = new URL(chain.at(-1)!).protocol === 'https:';
  const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? '')?.[1] ?? NaN);
  if (!finalHttps) out.push({ test: 'strict-transport-security', result: 'hsts-not-implemented-no-https', modifier: -20 });
  else if (!hsts) out.push({ test: 'strict-transport-security', result: 'hsts-not-implemented', modifier: -20 });
  else if (!(maxAge >= 15_768_000)) out.push({ test: 'strict-transport-security', result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 });
  else out.push({ test: 'strict-transport-security', result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 });
  // subresource-integrity: analyzer/tests/subresource-integrity.js (scripts of another origin need integrity)
  const foreign = [...res.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => new URL(m[1]!, chain.at(-1))).filter((u) => u.origin !== new URL(chain.at(-1)!).origin);
  out.push(
    foreign.length === 0
      ? { test: 'subresource-integrity', result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 }
      : { test: 'subresource-integrity', result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 },
  );
  // x-content-type-options, x-frame-options (frame-ancestors counts): their tests
  out.push(
    (header(res, 'x-content-type-options') ?? '').toLowerCase() === 'nosniff'
      ? { test: 'x-content-type-options', result: 'x-content-type-options-nosniff', modifier: 0 }
      : { test: 'x-content-type-options', result: 'x-content-type-options-not-implemented', modifier: -5 },
  );
  if (directives.has('frame-ancestors')) out.push({ test: 'x-frame-options', result: 'x-frame-options-implemented-via-csp', modifier: 5 });
  else if (/^(deny|sameorigin)$/i.test(header(res, 'x-frame-options') ?? '')) out.push({ test: 'x-frame-options', result: 'x-frame-options-sameorigin-or-deny', modifier: 0 });
  else out.push({ test: 'x-frame-options', result: 'x-frame-options-not-implemented', modifier: -20 });
  // cross-origin-resource-policy
  const corp = (header(res, 'cross-origin-resource-policy') ?? '').toLowerCase();
  out.push({ test: 'cross-origin-resource-policy', result: corp ? `cross-origin-resource-policy-implemented-with-${corp}` : 'cross-origin-resource-policy-not-implemented', modifier: corp === 'same-origin' || corp === 'same-site' ? 10 : 0 });
  return out;
}

/** grader.js: 100 plus the penalties, then the bonuses once at 90 or more; 100 and over is A+. */
function grade(results: Rule[]): { score: number; grade: string } {
  let score = 100 + results.filter((r) => r.modifier < 0).reduce((s, r) => s + r.modifier, 0);
  if (score >= 90) score += results.filter((r) => r.modifier > 0).reduce((s, r) => s + r.modifier, 0);
  const grades: [number, string][] = [[100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F']];
  return { score, grade: grades.find(([min]) => Math.max(score, 0) >= min)![1] };
}

describe.skipIf(!NGINX)('MDN HTTP Observatory rules, behind nginx', () => {
  let dir = '';
  let tls: RunningNginx | undefined;
  let plain: RunningNginx | undefined;
  let httpsSite: RunningServer | undefined;
  let httpSite: RunningServer | undefined;

  beforeAll(async () => {
    // As in production: no second media origin over plain http (the test server's default, scripts/test-server.ts, would cost the grade).
    const productionMedia = { MEDIA_ORIGINS: '' };
    dir = mkdtempSync(path.join(tmpdir(), '2m-observatory-'));
    const [key, certificate] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    // Every port at once, so no two are the same (nginx refuses two listeners on one).
    const [tlsPort, plainPort, redirectPort, httpsSitePort, httpSitePort] = await freePorts(5);
    const httpsUrl = `https://127.0.0.1:${tlsPort}`;
    const plainUrl = `http://127.0.0.1:${plainPort}`;
    [httpsSite, httpSite] = await Promise.all([
      startServer({ dataDir: mkdtempSync(path.join(tmpdir(), '2m-obs-https-')), port: httpsSitePort!, prebuild: false, env: { SITE_URL: httpsUrl, TRUST_PROXY_HOPS: '1', HOST: '127.0.0.1', ...productionMedia } }),
      startServer({ dataDir: mkdtempSync(path.join(tmpdir(), '2m-obs-http-')), port: httpSitePort!, prebuild: false, env: { SITE_URL: plainUrl, TRUST_PROXY_HOPS: '1', HOST: '127.0.0.1', ...productionMedia } }),
    ]);
    tls = await startNginx({ siteDir: path.join(httpsSite.dataDir, 'site'), upstream: new URL(httpsSite.baseUrl).host, siteUrl: httpsUrl, port: tlsPort!, tls: { certificate, key, httpPort: redirectPort! } });
    plain = await startNginx({ siteDir: path.join(httpSite.dataDir, 'site'), upstream: new URL(httpSite.baseUrl).host, siteUrl: plainUrl, port: plainPort! });
  }, 240_000);

  afterAll(async () => {
    await tls?.stop();
    await plain?.stop();
    await Promise.all([httpsSite?.stop(), httpSite?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('grades A+ over TLS with the http listener redirecting to https', async () => {
    const start = `${tls!.httpBase}/`;
    const { chain, last } = await follow(start);
    expect(last.status).toBe(200);
    expect(chain[1]).toBe(`${tls!.base}/`);
    const results = rules(start, chain, last);
    expect(results.filter((r) => r.modifier < 0)).toEqual([]);
    expect(grade(results)).toMatchObject({ grade: 'A+' });
    expect(Object.fromEntries(results.map((r) => [r.test, r.result]))).toMatchObject({
      redirection: 'redirection-to-https',
      'strict-transport-security': 'hsts-implemented-max-age-at-least-six-months',
      'x-frame-options': 'x-frame-options-implemented-via-csp',
      'referrer-policy': 'referrer-policy-private',
      'x-content-type-options': 'x-content-type-options-nosniff',
      cookies: 'cookies-not-found',
    });
    // Every path redirects to the same path over https; other names are refused.
    const deep = await get(`${tls!.httpBase}/fr/search?q=maroc`);
    expect([deep.status, deep.headers['location']]).toEqual([301, `${tls!.base}/fr/search?q=maroc`]);
    // The pages nginx answers itself over TLS (a build asset) carry HSTS too.
    const asset = /\/_astro\/[^"']+\.js/.exec(last.body)?.[0];
    expect(asset).toBeTruthy();
    expect(header(await get(`${tls!.base}${asset}`), 'strict-transport-security')).toMatch(/max-age=31536000/);
  });

  it('over plain http the same rules give C+ (60): no HSTS, no redirection (what the scanner reported)', async () => {
    const start = `${plain!.base}/`;
    const { chain, last } = await follow(start);
    const results = rules(start, chain, last);
    // `/` redirects to `/ar` over http: the scanner's "redirection-not-to-https" (-20), as "missing" would be.
    expect(results.filter((r) => r.modifier < 0).map((r) => [r.test, r.modifier])).toEqual([
      ['redirection', -20],
      ['strict-transport-security', -20],
    ]);
    expect(grade(results)).toEqual({ score: 60, grade: 'C+' });
  });
});
