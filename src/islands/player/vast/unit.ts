/**
 * Which video ad unit to request (docs/product.md, Content
 * "Ad tag lookup result", Answers, Limits): the content's tag id is polled up to 3 × 1 s; its ad tag from
 * /api/pub-tag/{id} gives the unit (`pub_code`); no tag id, no ad tag, a null
 * pub_code or a failed lookup all mean the default pre-roll unit.
 *
 * A tag id is a content tag's id (`42`) or, for a programme's episodes, the
 * programme's id prefixed with `p` (`p7`: /api/pub-tag/7?scope=programme).
 */
import { AD_UNIT_PATTERN } from '../../../lib/ad-config.ts';
import { siteFetch } from '../../../lib/api-client.ts';
import type { Locale } from '../../../i18n/locales.ts';

const TAG_ID_POLLS = 3;
/** A content tag id, or `p` and a programme id. */
const AD_TAG_ID = /^p?\d{1,12}$/;

/** The /api/pub-tag URL of a tag id (see AD_TAG_ID). */
function pubTagUrl(tagId: string): string {
  return tagId.startsWith('p') ? `/api/pub-tag/${tagId.slice(1)}?scope=programme` : `/api/pub-tag/${tagId}`;
}
const TAG_ID_POLL_MS = 1000;

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The tag id once known: asked at once, then after each of up to 3 waits of
 * 1 s while it is unknown (null). `false` means the content is known to have
 * no tag (a page rendered without one): no wait, the default unit.
 */
export async function waitForTagId(
  adTagId: () => string | null | false,
  signal?: AbortSignal,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void> = abortableSleep,
): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const id = adTagId();
    if (id === false) return null;
    if (id && AD_TAG_ID.test(id.trim())) return id.trim();
    if (attempt >= TAG_ID_POLLS) return null;
    await sleep(TAG_ID_POLL_MS, signal);
  }
}

/** The pub_code of an /api/pub-tag answer (docs/product.md, API envelope), or null. */
export function pubCodeOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const response = (body as { response?: unknown }).response;
  if (!response || typeof response !== 'object') return null;
  const code = (response as { pub_code?: unknown }).pub_code;
  return typeof code === 'string' && AD_UNIT_PATTERN.test(code) ? code : null;
}

export interface UnitLookup {
  tagId: string | null;
  locale: Locale;
  defaultUnit: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  fetchFn?: typeof fetch;
}

/** The ad unit for a tag id; the default unit when there is none. Rejects only on abort. */
export async function lookupAdUnit({ tagId, locale, defaultUnit, timeoutMs, signal, fetchFn }: UnitLookup): Promise<string> {
  if (!tagId) return defaultUnit;
  const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
  try {
    if (!AD_TAG_ID.test(tagId)) return defaultUnit;
    const res = await siteFetch(pubTagUrl(tagId), { headers: { Accept: 'application/json' }, signal: AbortSignal.any(signals) }, locale, fetchFn);
    if (!res.ok) return defaultUnit;
    return pubCodeOf(await res.json()) ?? defaultUnit;
  } catch (err) {
    if (signal?.aborted) throw err;
    // The lookup is a refinement: without it the default unit still earns.
    console.warn('ad tag lookup failed; using the default pre-roll unit', err);
    return defaultUnit;
  }
}
