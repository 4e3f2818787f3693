import type { Locale } from '../i18n/locales.ts';
/**
 * Client-side ad configuration (serialisable: passed from the server to the
 * player island as a prop). docs/product.md, Ads; ADR 008.
 *
 * URL templates may use the placeholders {unit}, {lang}, {correlator} and
 * {url} (the page URL); each is replaced with its URL-encoded value.
 */
export interface AdClientConfig {
  /** VAST tag URL template of the default provider (country flag 0). */
  vastUrl: string;
  /** VAST tag URL template of the second provider (country flag 1). */
  vastUrlAbroad: string;
  /** Pre-roll ad unit used when the content tag has no pub_code. */
  defaultUnit: string;
  /** Seconds before the skip button is offered. */
  skipAfterSeconds: number;
  /** Timeout of the VAST request (ms). */
  timeoutMs: number;
}

export const DEFAULT_SKIP_AFTER_SECONDS = 5;
export const DEFAULT_AD_TIMEOUT_MS = 3000;

/** A video ad unit: a Google Ad Manager style path such as /2M/video/preroll-sport. */
export const AD_UNIT_PATTERN = /^[A-Za-z0-9_./-]{1,200}$/;

export interface AdTemplateValues {
  unit: string;
  lang: Locale;
  /** Cache-buster, unique per request. */
  correlator: string;
  /** The page URL. */
  url: string;
}

/**
 * Fills a VAST URL template: {unit}, {lang}, {correlator} and {url} become
 * their URL-encoded values. A template without {correlator} gets none: some
 * ad servers reject unknown parameters.
 */
export function fillAdTemplate(template: string, values: AdTemplateValues): string {
  return template.replace(/\{(unit|lang|correlator|url)\}/g, (_, key: keyof AdTemplateValues) => encodeURIComponent(values[key]));
}
