import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, proxyTrustWarning, siteUrlWarning } from '../../src/server/config.ts';

function errorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe('parseConfig', () => {
  it('names a bad secret-bearing variable without printing its value', () => {
    const message = errorOf({
      DATABASE_URL: 'mysql://site:db-s3cret@db/2m',
      SMTP_URL: 'smtp://mailer:smtp-s3cret@',
      FACEBOOK_APP_SECRET: 'fb-s3cret!',
      WEATHER_API_KEY: 'weather s3cret',
      PORT: 'eighty',
    }).message;
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'FACEBOOK_APP_SECRET', 'WEATHER_API_KEY']) expect(message).toContain(`${name}: `);
    expect(message).not.toMatch(/s3cret/);
    // Other values are shown, to help whoever set them.
    expect(message).toContain('"eighty"');
  });

  it('accepts an empty environment with the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 4321,
      SITE_URL: 'http://localhost:4321',
      DATA_DIR: 'data',
      SEED_ON_START: true,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LIVE_STREAM_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(4321);
  });

  it('accepts valid values', () => {
    const config = parseConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@db/site', SEED_ON_START: 'no' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u:p@db/site');
    expect(config.SEED_ON_START).toBe(false);
  });

  it('rejects PORT=abc naming the variable', () => {
    const err = errorOf({ PORT: 'abc' });
    expect(err.message).toMatch(/\bPORT\b/);
    expect(err.message).toContain('"abc"');
  });

  it('rejects a port out of range', () => {
    expect(errorOf({ PORT: '70000' }).message).toMatch(/\bPORT\b/);
  });

  it('rejects DATABASE_URL=mysql://x naming the variable', () => {
    const err = errorOf({ DATABASE_URL: 'mysql://x' });
    expect(err.message).toMatch(/\bDATABASE_URL\b/);
    expect(err.message).toMatch(/postgres/);
  });

  it('lists every bad variable at once', () => {
    const err = errorOf({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(err.message).toMatch(/\bPORT\b/);
    expect(err.message).toMatch(/\bDATABASE_URL\b/);
  });
});

describe('siteUrlWarning', () => {
  it('warns in production on a localhost SITE_URL (the default), not otherwise', () => {
    expect(siteUrlWarning(parseConfig({}))).toMatch(/SITE_URL is http:\/\/localhost:4321 with NODE_ENV=production/);
    expect(siteUrlWarning(parseConfig({ SITE_URL: 'http://127.0.0.1:4540' }))).not.toBeNull();
    expect(siteUrlWarning(parseConfig({ NODE_ENV: 'development' }))).toBeNull();
    expect(siteUrlWarning(parseConfig({ SITE_URL: 'https://www.2m.ma' }))).toBeNull();
  });
});

describe('host aliases, trusted proxies, ad token key', () => {
  it('reads SITE_HOST_ALIASES and TRUSTED_PROXIES as lists, refusing what is not a host or an address range', () => {
    const c = parseConfig({ SITE_HOST_ALIASES: ' 2m.ma, WWW.2M.MA:8443 ', TRUSTED_PROXIES: '10.0.0.0/8, ::1, loopback' });
    expect(c.SITE_HOST_ALIASES).toEqual(['2m.ma', 'www.2m.ma:8443']);
    expect(c.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    expect(parseConfig({}).TRUSTED_PROXIES).toEqual(['loopback']);
    expect(parseConfig({}).SITE_HOST_ALIASES).toEqual([]);
    expect(() => parseConfig({ SITE_HOST_ALIASES: 'www.2m.ma/fr' })).toThrow(/SITE_HOST_ALIASES/);
    expect(() => parseConfig({ SITE_HOST_ALIASES: 'evil@www.2m.ma' })).toThrow(/SITE_HOST_ALIASES/);
    expect(() => parseConfig({ TRUSTED_PROXIES: 'nginx.local' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseConfig({ AD_TOKEN_SECRET: 'short' })).toThrow(/AD_TOKEN_SECRET: must be at least 32 characters \(got "…"\)/);
  });

  it('warns when X-Forwarded-For is trusted while the server listens on a public address', () => {
    expect(proxyTrustWarning(parseConfig({ TRUST_PROXY_HOPS: '1' }))).toMatch(/TRUST_PROXY_HOPS=1 while listening on HOST=0\.0\.0\.0.*HOST=127\.0\.0\.1/);
    expect(proxyTrustWarning(parseConfig({ TRUST_PROXY_HOPS: '1', HOST: '127.0.0.1' }))).toBeNull();
    expect(proxyTrustWarning(parseConfig({ TRUST_PROXY_HOPS: '1', HOST: '::1' }))).toBeNull();
    expect(proxyTrustWarning(parseConfig({}))).toBeNull();
  });
});
