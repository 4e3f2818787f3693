/** robots.txt: everything may be crawled except the API and the user pages. */
import { absolute } from './xml.ts';

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /user/',
    'Disallow: /ar/user/',
    'Disallow: /fr/user/',
    '',
    `Sitemap: ${absolute(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
