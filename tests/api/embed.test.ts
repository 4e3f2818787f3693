/**
 * The embeddable live player's answer over HTTP (the browser test
 * tests/e2e/embed.spec.ts frames it from another origin): its own framing
 * policy on every answer, from the renderer and from the front server's
 * page cache alike; no site chrome.
 */
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('/{lang}/live/embed', () => {
  it('allows any site to frame it, on the first answer and on cached ones', async () => {
    for (const lang of ['ar', 'fr']) {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await fetch(`${baseUrl}/${lang}/live/embed`));
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-security-policy') ?? '').toMatch(/(^|;\s*)frame-ancestors \*(;|$)/);
        expect(res.headers.get('x-frame-options')).toBeNull();
      }
      expect(answers.some((r) => r.headers.get('x-cache') === 'HIT'), 'the page cache answers the repeats').toBe(true);
      const html = await answers[0]!.text();
      expect(html).toContain(`lang="${lang}"`);
      expect(html).toContain('data-video-type="live"');
      expect(html).not.toContain('class="site-header"');
      expect(html).not.toContain('class="site-footer"');
      expect(html).not.toContain('data-ad-slot');
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
  });

  it('the live page itself keeps its chrome and sets no framing exception', async () => {
    const res = await fetch(`${baseUrl}/fr/live`);
    expect(res.headers.get('content-security-policy') ?? '').not.toContain('frame-ancestors *');
    expect(await res.text()).toContain('class="site-header"');
  });
});
