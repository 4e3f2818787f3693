/** Small helpers shared by the sitemaps and the RSS feeds. */

/** Escape text for XML content and attribute values (& < > " '), dropping characters XML 1.0 forbids. */
export function escapeXml(value: string | number): string {
  return (
    String(value)
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** RFC 822 date as RSS 2.0 wants it, in GMT: "Sat, 07 Sep 2002 09:42:31 GMT". */
export function rfc822(date: string | Date): string {
  const d = date instanceof Date ? date : new Date(date);
  return d.toUTCString();
}

/** W3C datetime for sitemaps: full ISO 8601 with a Z. */
export function w3cDate(date: string | Date): string {
  const d = date instanceof Date ? date : new Date(date);
  return Number.isNaN(d.getTime()) ? String(date) : d.toISOString();
}

/** Absolute URL of a site path. */
export function absolute(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Cache lifetimes (seconds). */
export const CACHE = {
  sitemap: 3600,
  newsSitemap: 300,
  feed: 300,
  robots: 86400,
} as const;

/** Response headers for an XML document cached `maxAge` seconds by browsers and CDNs. */
export function xmlHeaders(maxAge: number, contentType = 'application/xml; charset=utf-8'): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Cache-Control': `public, max-age=${maxAge}, s-maxage=${maxAge}, stale-while-revalidate=${maxAge}`,
    'X-Content-Type-Options': 'nosniff',
  });
}

/** A ReadableStream of UTF-8 text from an async generator of chunks. */
export function textStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await it.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await it.return?.();
    },
  });
}

/** Collect an async generator of chunks into one string (tests, small documents). */
export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const c of chunks) out += c;
  return out;
}
