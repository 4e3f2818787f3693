/** Astro's island <style> moves from <body> into <head> (valid HTML). */
import { describe, expect, it } from 'vitest';
import { ISLAND_STYLE_TAG, hoistIslandStyles, withIslandStylesInHead } from '../../src/server/pages/island-styles.ts';
import { placementBandsCss } from '../../src/components/ads/placement-css.ts';

describe('hoistIslandStyles', () => {
  it('moves the island rule from the body to the end of the head, once', () => {
    const html = `<html><head><title>x</title></head><body><div>${ISLAND_STYLE_TAG}<astro-island></astro-island></div></body></html>`;
    expect(hoistIslandStyles(html)).toBe(
      `<html><head><title>x</title>${ISLAND_STYLE_TAG}</head><body><div><astro-island></astro-island></div></body></html>`,
    );
    const twice = `<head></head><body>${ISLAND_STYLE_TAG}a${ISLAND_STYLE_TAG}b</body>`;
    expect(hoistIslandStyles(twice)).toBe(`<head>${ISLAND_STYLE_TAG}</head><body>ab</body>`);
  });

  it('leaves a page without islands, or without a head, as it is', () => {
    expect(hoistIslandStyles('<head></head><body><p>x</p></body>')).toBe('<head></head><body><p>x</p></body>');
    expect(hoistIslandStyles(`<p>${ISLAND_STYLE_TAG}</p>`)).toBe(`<p>${ISLAND_STYLE_TAG}</p>`);
  });

  it('rewrites HTML responses only, keeping status and headers', async () => {
    const page = await withIslandStylesInHead(
      new Response(`<head></head><body>${ISLAND_STYLE_TAG}</body>`, { status: 404, headers: { 'content-type': 'text/html', 'x-a': '1' } }),
    );
    expect(page.status).toBe(404);
    expect(page.headers.get('x-a')).toBe('1');
    expect(await page.text()).toBe(`<head>${ISLAND_STYLE_TAG}</head><body></body>`);
    // Non-ASCII text around the tags is kept byte for byte.
    const arabic = await withIslandStylesInHead(
      new Response(`<head><title>عاجل</title></head><body>نص${ISLAND_STYLE_TAG}é</body>`, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    );
    expect(await arabic.text()).toBe(`<head><title>عاجل</title>${ISLAND_STYLE_TAG}</head><body>نصé</body>`);
    const json = new Response('{"a":1}', { headers: { 'content-type': 'application/json' } });
    expect(await withIslandStylesInHead(json)).toBe(json);
  });

  it('gives a page the reason phrase of its status (Astro leaves "OK" on a 404 page)', async () => {
    const page = await withIslandStylesInHead(
      new Response('<head></head><body></body>', { status: 404, statusText: 'OK', headers: { 'content-type': 'text/html' } }),
    );
    expect(`${page.status} ${page.statusText}`).toBe('404 Not Found');
  });
});

describe('a page without scripts (the lite pages)', () => {
  it('leaves every script element out, and only with noScripts', async () => {
    const html = '<!doctype html><html><head><script type="module" src="/_astro/page.x.js"></script><style>a{}</style></head><body><p>نص</p><script>1</script><p>b</p></body></html>';
    const response = () => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const stripped = await (await withIslandStylesInHead(response(), { noScripts: true })).text();
    expect(stripped).toBe('<!doctype html><html><head><style>a{}</style></head><body><p>نص</p><p>b</p></body></html>');
    expect(await (await withIslandStylesInHead(response())).text()).toBe(html);
  });
});

describe('ad placement bands', () => {
  it('hides each placed slot outside its window band, from one stylesheet', () => {
    const css = placementBandsCss();
    expect(css).toContain('@media not all and (min-width: 375px) and (max-width: 413.98px) { .ad-placement-ad-top-mobile { display: none; } }');
    expect(css).not.toContain('skin');
  });
});
