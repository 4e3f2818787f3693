/**
 * Runtime configuration, read once from environment variables and validated
 * with zod. A bad value stops the process with a message naming the variable.
 */
import { createECDH } from 'node:crypto';
import proxyaddr from 'proxy-addr';
import { isLoopbackHost } from './http/client-address.ts';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const httpUrl = z.url({ protocol: /^https?$/ });

/** Comma-separated http(s) origins ("https://cdn.2m.ma, https://live.2m.ma"), each as its URL's origin. */
const originList = z.string().transform((v, ctx) => {
  const out: string[] = [];
  for (const item of v.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(item) || !URL.canParse(item)) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://cdn.2m.ma (scheme, host, port; no path)` });
      return z.NEVER;
    }
    out.push(new URL(item).origin);
  }
  return [...new Set(out)];
});

/** Comma-separated host names, `*.example.com` for every subdomain. */
const hostList = z.string().transform((v, ctx) => {
  const out: string[] = [];
  for (const item of v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    if (!/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(item)) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not a host name (photos.agency.com, *.agency.com)` });
      return z.NEVER;
    }
    out.push(item);
  }
  return out;
});

/** base64url (no padding) of exactly `bytes` bytes. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `must be ${what} in base64url (no padding)`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes && Buffer.from(v, 'base64url').toString('base64url') === v, `must be ${what} in base64url (no padding)`);

/** The public P-256 key a private key (32 bytes, base64url) belongs to, or null when it is not one. */
function publicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

export interface MediaS3Location {
  bucket: string;
  /** Key prefix inside the bucket ("" or ending with "/"). */
  prefix: string;
  /** S3-compatible endpoint (MinIO, Ceph, R2…); unset: AWS's own for the region. */
  endpoint?: string;
  /** Region; unset: AWS_REGION, else us-east-1. */
  region?: string;
  /** Path-style requests (http://endpoint/bucket/key), as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

const S3_PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/**
 * Reads MEDIA_S3_URL: `s3://BUCKET[/PREFIX][?endpoint=URL&region=NAME&forcePathStyle=1]`.
 * Throws an Error saying what is wrong. Credentials never come from the URL
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or any source of the AWS SDK's chain).
 */
export function parseMediaS3Url(value: string): MediaS3Location {
  if (!/^s3:\/\//.test(value) || !URL.canParse(value)) throw new Error('must look like s3://bucket/prefix?endpoint=http://host:9000&region=us-east-1&forcePathStyle=1');
  const url = new URL(value);
  if (url.username || url.password) throw new Error('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  if (url.port) throw new Error('must not hold a port: the server goes in ?endpoint=');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error('must name a bucket (3 to 63 lower-case letters, digits, dots and hyphens) after s3://');
  // The raw path: URL parsing would quietly resolve `..` segments.
  const segments = value.slice('s3://'.length).split(/[?#]/)[0]!.split('/').slice(1).filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..' || !/^[A-Za-z0-9._-]+$/.test(s))) throw new Error('prefix segments may hold only letters, digits, . _ - (no . or .. segment)');
  const prefix = segments.length ? `${segments.join('/')}/` : '';
  for (const key of url.searchParams.keys()) {
    if (!S3_PARAMS.has(key)) throw new Error(`unknown parameter "${key}" (known: endpoint, region, forcePathStyle)`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && (!/^https?:\/\//.test(endpoint) || !URL.canParse(endpoint))) throw new Error('endpoint must be an http(s) URL');
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !/^[a-z0-9-]{1,40}$/.test(region)) throw new Error('region must be a region name such as eu-west-3');
  const style = url.searchParams.get('forcePathStyle') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(style)) throw new Error('forcePathStyle must be 1 or 0');
  return { bucket, prefix, ...(endpoint ? { endpoint } : {}), ...(region ? { region } : {}), forcePathStyle: style === '1' || style === 'true' };
}

/**
 * A URL template: an absolute http(s) URL or a path starting with a single
 * "/", that is a valid URL once its {placeholders} are filled.
 */
const vastTemplate = z.string().refine((v) => {
  const filled = v.replace(/\{(unit|lang|correlator|url)\}/g, 'x');
  if (/[{}\s]/.test(filled)) return false;
  if (filled.startsWith('/') && !filled.startsWith('//')) return URL.canParse(filled, 'http://localhost');
  return /^https?:\/\//.test(filled) && URL.canParse(filled);
}, 'must be an http(s) URL or a path starting with "/"; placeholders: {unit} {lang} {correlator} {url}');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(4321),
  /** Public origin of the site, used in canonical links, sitemaps and mails. */
  SITE_URL: httpUrl.default('http://localhost:4321'),
  /** Folder for the SQLite file, media (unless MEDIA_DIR or MEDIA_S3_URL), outbox, pre-built pages. */
  DATA_DIR: z.string().min(1).default('data'),
  /** Folder of media (generated and uploaded pictures, their AVIF/WebP twins); default <DATA_DIR>/media. Shared (e.g. a network volume) when several instances run. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** S3-compatible bucket holding the media instead of a folder (src/server/media-store.ts). */
  MEDIA_S3_URL: z
    .string()
    .superRefine((v, ctx) => {
      try {
        parseMediaS3Url(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .optional(),
  /** postgres://… to use PostgreSQL instead of the embedded SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Seed demo content on start when the store is empty. */
  SEED_ON_START: bool.default(true),
  /** Newest articles per language pre-built as HTML by each pre-build (0: none, all on demand). */
  PRERENDER_ARTICLES: z.coerce
    .number({ error: 'must be a whole number from 0' })
    .int('must be a whole number from 0')
    .min(0, 'must be a whole number from 0')
    .default(500),
  /** Pre-build the pages that exist (ADR 005) when the server starts and on schedule. */
  PREBUILD: bool.default(true),
  /** Minutes between scheduled pre-builds (0: only the one at start). */
  REBUILD_INTERVAL_MIN: z.coerce
    .number({ error: 'must be a whole number of minutes from 0' })
    .int('must be a whole number of minutes from 0')
    .min(0, 'must be a whole number of minutes from 0')
    .default(10),
  /** Worker threads that render pages and answer the API (each with its own store connection); 0 renders on the front server's own thread. */
  RENDER_WORKERS: z.coerce
    .number({ error: 'must be a whole number from 0 to 16' })
    .int('must be a whole number from 0 to 16')
    .min(0, 'must be a whole number from 0 to 16')
    .max(16, 'must be a whole number from 0 to 16')
    .default(2),
  /** Where changed URLs are POSTed as JSON for a CDN to purge them (src/server/delivery/cdn-purge.ts); unset: no purge. */
  CDN_PURGE_URL: httpUrl.optional(),
  /** Bearer token sent with each purge (only with CDN_PURGE_URL). */
  CDN_PURGE_TOKEN: z.string().regex(/^[\x21-\x7e]{8,512}$/, 'must be 8 to 512 printable characters without spaces').optional(),
  /** Folder of the pre-built pages (builds/, current); default <DATA_DIR>/site. */
  SITE_DIR: z.string().min(1).optional(),
  /** The broadcaster's HLS live stream; without it the built-in channel is used. */
  LIVE_STREAM_URL: httpUrl.optional(),
  /**
   * Origins videos, live streams and captions may play from besides this site (the broadcaster's CDNs),
   * comma-separated: they go into the Content-Security-Policy's media-src and connect-src, and a newsroom
   * video or stream URL on another origin is refused (ADR 031).
   */
  MEDIA_ORIGINS: originList.default([]),
  /** Hosts pictures given by URL are fetched from (`photos.agency.com`, `*.agency.com`), comma-separated; empty: any public host. */
  MEDIA_FETCH_HOSTS: hostList.default([]),
  /** Tests and development only: pictures by URL may come from loopback and private addresses (a local test server). Refused in production on a public SITE_URL. */
  MEDIA_FETCH_ALLOW_PRIVATE: bool.default(false),
  /** Category ids used by the replay secondary navigation (Société, Sport). */
  REPLAY_SOCIETE_TAG_AR: z.coerce.number().int().positive().optional(),
  REPLAY_SOCIETE_TAG_FR: z.coerce.number().int().positive().optional(),
  REPLAY_SPORT_TAG_AR: z.coerce.number().int().positive().optional(),
  REPLAY_SPORT_TAG_FR: z.coerce.number().int().positive().optional(),
  /** VAST tag URL template of the default video ad provider ({unit}, {lang}, {correlator}, {url}). */
  AD_VAST_URL: vastTemplate.default('/ads/vast?unit={unit}&lang={lang}'),
  /** VAST tag URL template used when the visitor is outside Morocco (country flag 1). */
  AD_VAST_URL_ABROAD: vastTemplate.default('/ads/vast?unit={unit}&lang={lang}&market=intl'),
  /** Default video pre-roll ad unit, used when a content tag has no pub_code. */
  AD_PREROLL_UNIT: z
    .string()
    .regex(/^[A-Za-z0-9_./-]{1,200}$/, 'must be 1 to 200 letters, digits, _ . / -')
    .default('/2M/video/preroll'),
  /** Display ad provider for visitors in Morocco (country flag 0): the built-in house ad server, or Google Publisher Tag. */
  AD_DISPLAY_PROVIDER: z.enum(['house', 'gpt'], { error: 'must be house or gpt' }).default('house'),
  /** Display ad provider for visitors abroad (country flag 1). */
  AD_DISPLAY_PROVIDER_ABROAD: z.enum(['house', 'gpt'], { error: 'must be house or gpt' }).default('house'),
  /** Where the Google Publisher Tag library is loaded from (only when a provider is gpt). */
  AD_GPT_SCRIPT_URL: z
    .string()
    .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || (/^https:\/\//.test(v) && URL.canParse(v)), 'must be an https:// URL or a path starting with "/"')
    .default('https://securepubads.g.doubleclick.net/tag/js/gpt.js'),
  /** JSON file overriding the display slots' settings (ad units, sizes…), by slot name. */
  AD_SLOTS_FILE: z.string().min(1).optional(),
  /**
   * Other names the site answers to (a comma-separated list of hosts, each
   * `name` or `name:port`, e.g. `2m.ma,www.2m.ma:8443`), besides SITE_URL's
   * host. A request whose Host is neither gets 400 (src/server/http/request-policy.ts).
   */
  SITE_HOST_ALIASES: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .refine((hosts) => hosts.every((h) => /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(h)), 'must be a comma-separated list of host names, each optionally with :port')
    .default([]),
  /** Key that signs the house ad server's impression tokens (ADR 030); unset: a random key kept in the store, shared by every instance. */
  AD_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Reverse proxies in front that append to X-Forwarded-For (nginx: 1); 0 trusts no header. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /**
   * The addresses X-Forwarded-For is read from (with TRUST_PROXY_HOPS > 0):
   * a comma-separated list of addresses or CIDR ranges (`10.0.0.0/8`,
   * `2001:db8::/32`) or the names `loopback`, `linklocal`, `uniquelocal`.
   * A request from any other address is its own visitor, whatever it forwards.
   */
  TRUSTED_PROXIES: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim()).filter(Boolean))
    .superRefine((list, ctx) => {
      try {
        proxyaddr.compile(list);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `must be addresses, CIDR ranges or loopback/linklocal/uniquelocal (${(error as Error).message})` });
      }
    })
    .default(['loopback']),
  /** Play/click events accepted per visitor address and minute at /tracking/clicks.php (0: no limit). */
  TRACKING_RATE_PER_MIN: z.coerce.number().int().min(0).default(60),
  /** House display ad events (impressions, viewable impressions, clicks) counted per visitor address and minute (0: no limit; ADR 030). */
  AD_EVENTS_RATE_PER_MIN: z.coerce.number().int().min(0).default(60),
  /** smtp://user:pass@host:587 or smtps://…:465; without it mails land in DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .refine((v) => URL.canParse(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of every mail: an address, or "Name" <address>. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^@\s<>]+@[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+)$/, 'must be an address or "Name" <address>')
    .default('"2M" <no-reply@2m.ma>'),
  /** Where contact-form messages go (required with SMTP_URL; default redaction@2m.ma in the outbox). */
  NEWSROOM_EMAIL: z.email('must be an e-mail address').optional(),
  /** Newsletter mails queued per minute while an edition goes out (ADR 042). */
  NEWSLETTER_RATE_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Newsletter and contact submissions accepted per visitor address and hour, per form (0: no limit). */
  FORMS_RATE_PER_HOUR: z.coerce.number().int().min(0).default(5),
  /** Days a sign-in lasts (the session cookie's Max-Age). */
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Facebook app of the social login; without both id and secret /api/account/auth-fb answers 503. */
  FACEBOOK_APP_ID: z.string().regex(/^[0-9]{5,25}$/, 'must be the numeric app id').optional(),
  FACEBOOK_APP_SECRET: z.string().regex(/^[A-Za-z0-9]{16,128}$/, 'must be the app secret (letters and digits)').optional(),
  /** Graph API origin the access tokens are verified against (a local fake in tests). */
  FACEBOOK_GRAPH_URL: httpUrl.default('https://graph.facebook.com'),
  /** Graph API and JavaScript SDK version. */
  FACEBOOK_API_VERSION: z.string().regex(/^v[0-9]{1,3}\.[0-9]{1,2}$/, 'must look like v23.0').default('v23.0'),
  /** Base URL of the weather provider (Open-Meteo's API, or its customer URL with a plan). */
  WEATHER_PROVIDER_URL: httpUrl.default('https://api.open-meteo.com'),
  /** API key of the weather provider (Open-Meteo: sent as `apikey`; required by its commercial plans). */
  WEATHER_API_KEY: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be 1 to 200 letters, digits, _ or -').optional(),
  /** Request header set by a CDN with the visitor's ISO country code (e.g. CF-IPCountry); unset: not read. */
  COUNTRY_HEADER: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an HTTP header name').optional(),
  /** MaxMind-format (.mmdb) country database; default: the PDDL IPtoASN country database from npm. */
  GEOIP_DB_PATH: z.string().min(1).optional(),
  /** Web Push (VAPID, RFC 8292) public key: an uncompressed P-256 point; with VAPID_PRIVATE_KEY, else the pair kept in the store (src/server/push/keys.ts). */
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key (65 bytes)')
    .refine((v) => Buffer.from(v, 'base64url')[0] === 4, 'must be an uncompressed P-256 public key (65 bytes, starting with 0x04)')
    .optional(),
  /** Web Push (VAPID) private key: the 32-byte P-256 scalar. */
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key (32 bytes)').optional(),
  /** Contact the push services may use about our pushes (RFC 8292 `sub`): a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .default('mailto:web@2m.ma'),
  /** Accept push endpoints on this machine (http://127.0.0.1, localhost): local test push services. Always on outside production. */
  PUSH_ALLOW_LOCAL_ENDPOINTS: bool.default(false),
  /** Failed newsroom authentications accepted per address and minute before 429 for 5 minutes (0: no limit). */
  NEWSROOM_AUTH_FAILURES_PER_MIN: z.coerce.number().int().min(0).default(10),
  /** Push subscribe/unsubscribe requests accepted per visitor address and hour (0: no limit). */
  PUSH_RATE_PER_HOUR: z.coerce.number().int().min(0).default(30),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Tests only: a request's `x-test-clock` header sets the time its page is rendered at (src/server/clock.ts). */
  TEST_CLOCK_HEADER: bool.default(false),
}).superRefine((c, ctx) => {
  // One VAPID key without the other cannot sign, and a mismatched pair signs for a key nobody subscribed with.
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    const missing = c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or leave both unset to generate them)' });
  } else if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY && publicKeyOf(c.VAPID_PRIVATE_KEY) !== c.VAPID_PUBLIC_KEY) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'is not the public key of VAPID_PRIVATE_KEY' });
  }
  // Media live in one place: a folder or a bucket, not both.
  if (c.MEDIA_DIR && c.MEDIA_S3_URL) {
    ctx.addIssue({ code: 'custom', path: ['MEDIA_S3_URL'], message: 'MEDIA_DIR and MEDIA_S3_URL are alternatives: set one' });
  }
  // With a real mail server, visitors' messages must not go to a guessed address.
  if (c.SMTP_URL && !c.NEWSROOM_EMAIL) {
    ctx.addIssue({ code: 'custom', path: ['NEWSROOM_EMAIL'], message: 'required when SMTP_URL is set' });
  }
  // Fetching from private addresses is for a test server on this machine, never a public site.
  if (c.MEDIA_FETCH_ALLOW_PRIVATE && c.NODE_ENV === 'production' && !isLoopbackSite(c.SITE_URL)) {
    ctx.addIssue({
      code: 'custom',
      path: ['MEDIA_FETCH_ALLOW_PRIVATE'],
      message: 'is for tests and development only: refused with NODE_ENV=production unless SITE_URL is this machine (localhost, 127.0.0.1)',
    });
  }
  // Half a Facebook app is a mistake, not "disabled".
  if (Boolean(c.FACEBOOK_APP_ID) !== Boolean(c.FACEBOOK_APP_SECRET)) {
    const missing = c.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together' });
  }
});

export type Config = z.infer<typeof configSchema>;

/** Whether a site URL names this machine (a test or development server). */
const isLoopbackSite = (siteUrl: string): boolean => isLoopbackHost(new URL(siteUrl).hostname);

export class ConfigError extends Error {}

/** Variables whose value an error message does not repeat. */
/** Variables whose value may hold a password or key: a bad one is named, never printed. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set(['AD_TOKEN_SECRET', 'DATABASE_URL', 'SMTP_URL', 'FACEBOOK_APP_SECRET', 'WEATHER_API_KEY', 'VAPID_PRIVATE_KEY', 'CDN_PURGE_URL', 'CDN_PURGE_TOKEN', 'MEDIA_S3_URL']);

/** Parse an environment; throws ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as in most .env conventions.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = String(i.path[0]);
      const got = SECRET_VARIABLES.has(name) && cleaned[name] !== undefined ? '"…"' : JSON.stringify(cleaned[name]);
      return `  ${i.path.join('.')}: ${i.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * A warning for an operator who runs production on the default SITE_URL
 * (every absolute URL — mails, canonicals, VAST, click-throughs — would
 * point at localhost). The quick start still works: it warns, it does not stop.
 */
export function siteUrlWarning(config: Pick<Config, 'NODE_ENV' | 'SITE_URL'>): string | null {
  if (config.NODE_ENV !== 'production' || !isLoopbackSite(config.SITE_URL)) return null;
  return `SITE_URL is ${config.SITE_URL} with NODE_ENV=production: every absolute URL (mails, canonical links, sitemaps, ads) points at this machine. Set SITE_URL to the public origin, e.g. SITE_URL=https://www.2m.ma`;
}

/**
 * A warning for an operator who trusts X-Forwarded-For (TRUST_PROXY_HOPS
 * > 0) while the server listens on an address others can reach: only
 * requests from TRUSTED_PROXIES are believed, but the proxy is the only
 * thing that should reach the server at all. Behind a proxy on the same
 * machine, HOST=127.0.0.1.
 */
export function proxyTrustWarning(config: Pick<Config, 'HOST' | 'TRUST_PROXY_HOPS' | 'TRUSTED_PROXIES'>): string | null {
  if (config.TRUST_PROXY_HOPS <= 0 || isLoopbackHost(config.HOST)) return null;
  return `TRUST_PROXY_HOPS=${config.TRUST_PROXY_HOPS} while listening on HOST=${config.HOST}: X-Forwarded-For is read only from ${config.TRUSTED_PROXIES.join(', ')} (TRUSTED_PROXIES), but anyone who reaches this port directly bypasses the proxy. Behind a proxy on this machine set HOST=127.0.0.1; otherwise firewall the port to the proxies`;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
