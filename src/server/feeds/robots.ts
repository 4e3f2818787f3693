/** robots.txt: everything may be crawled except the API, the user pages and the newsroom's desk. */
import { absolute } from './xml.ts';

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /user/',
    'Disallow: /ar/user/',
    'Disallow: /fr/user/',
    'Disallow: /desk',
    '',
    `Sitemap: ${absolute(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
