/**
 * Requesting the VAST document (docs/product.md, Ads): the provider is chosen by the
 * country flag, its URL template filled, and the answer fetched and parsed
 * with @dailymotion/vast-client (wrappers followed, with our timeout and
 * abort signal on every request).
 */
import { VASTClient } from '@dailymotion/vast-client';
import { fillAdTemplate, type AdClientConfig } from '../../../lib/ad-config.ts';
import type { CountryFlag } from '../../../stores/country.ts';
import { AdError, VAST_ERROR, type VastAd } from './types.ts';
import { siteFetch } from '../../../lib/api-client.ts';
import type { Locale } from '../../../i18n/locales.ts';

/** The provider's URL template: the second provider abroad (flag 1), else the default one. */
export function vastTemplateFor(config: AdClientConfig, country: CountryFlag): string {
  return country === 1 ? config.vastUrlAbroad : config.vastUrl;
}

export function correlator(): string {
  return `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/** The VAST request URL, absolute (relative templates resolve against the page). */
export function vastRequestUrl(
  config: AdClientConfig,
  country: CountryFlag,
  values: { unit: string; lang: Locale; pageUrl: string; correlator: string },
): string {
  const filled = fillAdTemplate(vastTemplateFor(config, country), {
    unit: values.unit,
    lang: values.lang,
    correlator: values.correlator,
    url: values.pageUrl,
  });
  return new URL(filled, values.pageUrl).toString();
}

interface UrlHandlerResult {
  xml?: Document;
  details?: { byteLength: number; statusCode: number; rawXml: string };
  error?: Error;
  statusCode?: number | null;
}

/** vast-client's URL handler contract, with our abort signal and timeout on each request. */
function urlHandler(signal: AbortSignal | undefined, timeoutMs: number) {
  return {
    async get(url: string): Promise<UrlHandlerResult> {
      try {
        const res = await siteFetch(url, {
          credentials: 'omit',
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]),
        });
        if (!res.ok) return { error: new Error(`VAST request answered ${res.status}`), statusCode: res.status };
        const text = await res.text();
        const xml = new DOMParser().parseFromString(text, 'text/xml');
        // Browsers keep what parsed before an XML error and add a <parsererror>:
        // a half-read VAST must count as an error, not as "no ad".
        if (xml.getElementsByTagName('parsererror').length > 0) {
          return { error: new Error('VAST answer is not well-formed XML'), statusCode: res.status };
        }
        return { xml, details: { byteLength: text.length, statusCode: res.status, rawXml: text } };
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return {
          error: new Error(timedOut ? `VAST request timed out after ${timeoutMs} ms` : `VAST request failed: ${String(error)}`),
          statusCode: timedOut ? 408 : null,
        };
      }
    },
  };
}

export interface LoadedVast {
  client: VASTClient;
  ads: VastAd[];
}

/** Fetches and parses the VAST document. Rejects with an AdError (or the abort reason). */
export async function loadVast(url: string, timeoutMs: number, signal?: AbortSignal): Promise<LoadedVast> {
  // No capping: every content play may show its pre-roll.
  const client = new VASTClient(0, 0);
  try {
    const response = (await client.get(url, {
      timeout: timeoutMs,
      wrapperLimit: 5,
      urlHandler: urlHandler(signal, timeoutMs),
      resolveAll: true,
    })) as { ads?: VastAd[] };
    signal?.throwIfAborted();
    return { client, ads: Array.isArray(response.ads) ? response.ads : [] };
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof AdError) throw error;
    throw new AdError(error instanceof Error ? error.message : String(error), VAST_ERROR.UNDEFINED, { cause: error });
  }
}
