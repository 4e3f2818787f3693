import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, siteUrlWarning } from '../../src/server/config.ts';

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
