/**
 * A request whose address is not valid percent-encoding (`/ar/search?q=%ff`)
 * cannot be decoded: the node adapter would answer a bare "Bad request.".
 * This guard in front of it answers in the visitor's language instead: the
 * 400 page (`/{lang}/bad-request`) for pages, the API envelope with a
 * translated message for `/api/…`. The language comes from the path's
 * prefix, else the `locale` header or cookie, else Arabic.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales.ts';
import * as m from '../../paraglide/messages.js';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** True when `url` (path and query, as received) cannot be decoded. */
function isMalformedUrl(url: string): boolean {
  try {
    decodeURI(url);
    return false;
  } catch {
    return true;
  }
}

/** The language a malformed request is answered in. */
function malformedUrlLocale(url: string, headers: IncomingMessage['headers']): Locale {
  const prefix = url.split(/[/?#]/)[1];
  if (isLocale(prefix)) return prefix;
  const header = headers['locale'];
  if (isLocale(header)) return header;
  const cookie = /(?:^|;\s*)locale=(ar|fr)(?:;|$)/.exec(headers.cookie ?? '')?.[1];
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

/** Wraps the site's handler: malformed addresses get a localised 400, everything else passes through. */
export function rejectMalformedUrls(handler: NodeHandler): NodeHandler {
  return (req, res) => {
    const url = req.url ?? '/';
    if (!isMalformedUrl(url)) return handler(req, res);
    const locale = malformedUrlLocale(url, req.headers);
    if (url.startsWith('/api/')) {
      const body = JSON.stringify({
        header: { status: 'ERROR', code: 400, message: m.polish_bad_request_api({}, { locale }) },
        response: null,
      });
      res.writeHead(400, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        'Content-Language': locale,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    // Rendered by the site itself (header, navigation, footer), in that language.
    req.url = `/${locale}/bad-request`;
    if (req.method !== 'GET' && req.method !== 'HEAD') req.method = 'GET';
    return handler(req, res);
  };
}
