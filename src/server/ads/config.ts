/** The ad configuration handed to the player island (docs/product.md, Ads). */
import type { AdClientConfig } from '../../lib/ad-config.ts';
import { DEFAULT_AD_TIMEOUT_MS, DEFAULT_SKIP_AFTER_SECONDS } from '../../lib/ad-config.ts';
import { getConfig } from '../config.ts';

export function adClientConfig(): AdClientConfig {
  const c = getConfig();
  return {
    vastUrl: c.AD_VAST_URL,
    vastUrlAbroad: c.AD_VAST_URL_ABROAD,
    defaultUnit: c.AD_PREROLL_UNIT,
    skipAfterSeconds: DEFAULT_SKIP_AFTER_SECONDS,
    timeoutMs: DEFAULT_AD_TIMEOUT_MS,
  };
}
