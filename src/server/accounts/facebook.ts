/**
 * Social login with Facebook (docs/product.md, Accounts and forms): the browser
 * sends only the access token the Facebook SDK gave it; the profile it could
 * also send (docs/product.md, Content: id, name, email) is never trusted. The token is checked
 * server-side against the Graph API:
 *
 *  1. `GET {graph}/{version}/debug_token?input_token=T&access_token=APP_ID|APP_SECRET`
 *     must say the token is valid and was issued to OUR app (a token from
 *     another app, even valid, is refused: it could have been phished there);
 *  2. `GET {graph}/{version}/me?fields=id,name,email&access_token=T&appsecret_proof=…`
 *     gives the profile, whose id must be the token's user.
 *
 * The Graph base URL is configurable (FACEBOOK_GRAPH_URL) so tests run it
 * against a local fake. Every call has a timeout. Disabled (503 at the
 * endpoint, no button in the page) until both FACEBOOK_APP_ID and
 * FACEBOOK_APP_SECRET are set.
 */
import crypto from 'node:crypto';

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  graphUrl: string;
  version: string;
}

export interface FacebookProfile {
  id: string;
  /** The profile's display name ('' when Facebook gave none). */
  name: string;
  /** Null when the person did not share it. */
  email: string | null;
}

/** Why a token was not accepted: the token (401) or Facebook (502). */
export class FacebookError extends Error {
  readonly kind: 'invalid-token' | 'unreachable';
  constructor(kind: 'invalid-token' | 'unreachable', message: string) {
    super(message);
    this.kind = kind;
  }
}

export function facebookConfigFrom(config: {
  FACEBOOK_APP_ID?: string | undefined;
  FACEBOOK_APP_SECRET?: string | undefined;
  FACEBOOK_GRAPH_URL: string;
  FACEBOOK_API_VERSION: string;
}): FacebookConfig | null {
  if (!config.FACEBOOK_APP_ID || !config.FACEBOOK_APP_SECRET) return null;
  return {
    appId: config.FACEBOOK_APP_ID,
    appSecret: config.FACEBOOK_APP_SECRET,
    graphUrl: config.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
    version: config.FACEBOOK_API_VERSION,
  };
}

/** What the page needs to offer the button: the public app id and SDK version, or null when disabled. */
export function facebookClientSettings(config: Parameters<typeof facebookConfigFrom>[0]): { appId: string; version: string } | null {
  const fb = facebookConfigFrom(config);
  return fb ? { appId: fb.appId, version: fb.version } : null;
}

/** HMAC-SHA256 of the user token with the app secret (Graph's `appsecret_proof`). */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return crypto.createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

type Fetch = typeof fetch;

async function graphGet(fetchImpl: Fetch, url: URL, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    throw new FacebookError('unreachable', `Graph API unreachable: ${(error as Error).message}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new FacebookError('unreachable', `Graph API answered ${res.status} without JSON`);
  }
  return { status: res.status, body };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asId = (v: unknown): string | null => (typeof v === 'string' && /^[0-9]{1,32}$/.test(v) ? v : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : null);

/** Verifies a user access token; the profile it belongs to, or throws FacebookError. */
export async function verifyFacebookToken(
  fb: FacebookConfig,
  accessToken: string,
  opts: { fetch?: Fetch | undefined; timeoutMs?: number | undefined; now?: (() => number) | undefined } = {},
): Promise<FacebookProfile> {
  const fetchImpl = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const now = opts.now ?? Date.now;
  const base = `${fb.graphUrl}/${fb.version}`;

  const debugUrl = new URL(`${base}/debug_token`);
  debugUrl.searchParams.set('input_token', accessToken);
  debugUrl.searchParams.set('access_token', `${fb.appId}|${fb.appSecret}`);
  const debug = await graphGet(fetchImpl, debugUrl, timeoutMs);
  if (debug.status >= 500) throw new FacebookError('unreachable', `debug_token answered ${debug.status}`);
  const data = isObject(debug.body) && isObject(debug.body.data) ? debug.body.data : null;
  if (debug.status !== 200 || !data) throw new FacebookError('invalid-token', `debug_token answered ${debug.status}`);
  if (data.is_valid !== true) throw new FacebookError('invalid-token', 'token is not valid');
  if (asId(data.app_id) !== fb.appId) throw new FacebookError('invalid-token', 'token was issued to another app');
  const userId = asId(data.user_id);
  if (!userId) throw new FacebookError('invalid-token', 'token has no user');
  if (typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at * 1000 <= now()) {
    throw new FacebookError('invalid-token', 'token has expired');
  }

  const meUrl = new URL(`${base}/me`);
  meUrl.searchParams.set('fields', 'id,name,email');
  meUrl.searchParams.set('access_token', accessToken);
  meUrl.searchParams.set('appsecret_proof', appSecretProof(accessToken, fb.appSecret));
  const me = await graphGet(fetchImpl, meUrl, timeoutMs);
  if (me.status >= 500) throw new FacebookError('unreachable', `/me answered ${me.status}`);
  if (me.status !== 200 || !isObject(me.body)) throw new FacebookError('invalid-token', `/me answered ${me.status}`);
  if (asId(me.body.id) !== userId) throw new FacebookError('invalid-token', 'profile does not belong to the token');
  const name = typeof me.body.name === 'string' ? me.body.name.replace(/\s+/gu, ' ').trim().slice(0, 80) : '';
  const email = typeof me.body.email === 'string' && me.body.email.includes('@') ? me.body.email : null;
  return { id: userId, name, email };
}
