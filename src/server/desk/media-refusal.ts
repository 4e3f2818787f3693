/**
 * A refused video, stream or captions URL (src/server/media-origins.ts) in
 * the person's language, naming the setting to change: the live stream and
 * the replay forms say the same thing the same way.
 */
import type { Locale } from '../../i18n/locales.ts';
import type { MediaOriginRefusal } from '../media-origins.ts';
import * as m from '../../paraglide/messages.js';

export function mediaRefusalText(r: MediaOriginRefusal, locale: Locale): string {
  const o = { locale };
  if (r.reason === 'not-url') return m.desk_media_err_url({}, o);
  if (r.reason === 'insecure') return m.desk_media_err_insecure({ origin: r.origin }, o);
  return m.desk_media_err_origin({ origin: r.origin, allowed: r.allowed.length ? r.allowed.join(', ') : m.desk_media_site_only({}, o) }, o);
}
