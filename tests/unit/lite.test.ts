import { describe, expect, it } from 'vitest';
import { liteTwin } from '../../src/lib/lite.ts';
import { liteBody, pictureHref } from '../../src/server/pages/lite.ts';

describe('liteTwin: the lite page of a home page or an article', () => {
  it('maps each home page and article path to its lite twin', () => {
    expect(liteTwin('/ar')).toBe('/ar/lite');
    expect(liteTwin('/fr/')).toBe('/fr/lite');
    expect(liteTwin('/fr/sport/la-finale')).toBe('/fr/lite/sport/la-finale');
    expect(liteTwin('/ar/news/خبر-عاجل')).toBe('/ar/lite/news/خبر-عاجل');
  });

  it('gives no twin to other shapes, to lite pages themselves, or outside the languages', () => {
    expect(liteTwin('/fr/sport')).toBeNull();
    expect(liteTwin('/fr/lite')).toBeNull();
    expect(liteTwin('/fr/lite/sport/x')).toBeNull();
    expect(liteTwin('/fr/replay/news/jt/3')).toBeNull();
    expect(liteTwin('/en/sport/x')).toBeNull();
    expect(liteTwin('/api/x/y')).toBeNull();
    expect(liteTwin('fr/sport/x')).toBeNull();
  });
});

describe('the lite body', () => {
  it('turns every picture into a link to it, in the page language, and keeps the text structure', () => {
    const html = '<h2>Le match</h2><p>Texte <strong>fort</strong>.</p><figure><img src="/media/a.jpg" alt="Le stade" loading="lazy"><figcaption>Crédit</figcaption></figure><pre>code</pre>';
    const out = liteBody(html, 'fr');
    expect(out).not.toMatch(/<img/);
    expect(out).toContain('<a href="/media/a.jpg" class="pic">Voir la photo\u202f: Le stade</a>');
    expect(out).toContain('<h2>Le match</h2>');
    expect(out).toContain('<strong>fort</strong>');
    expect(out).toContain('<figcaption>Crédit</figcaption>');
    expect(out).toContain('<pre>code</pre>');
    expect(liteBody('<p><img src="/media/b.jpg"></p>', 'ar')).toContain('>عرض الصورة</a>');
  });

  it('leaves nothing that loads or runs by itself', () => {
    const out = liteBody('<p>a</p><script>alert(1)</script><iframe src="https://x"></iframe><video src="/v.mp4"></video><p style="x" onclick="y">b</p>', 'fr');
    expect(out).toBe('<p>a</p><p>b</p>');
  });
});

describe('pictureHref: the rendition a phone opens', () => {
  it('takes the narrowest rendition at least 640 px wide, else the widest, else the picture', () => {
    expect(pictureHref({ url: '/m/x.jpg', srcset: '/m/x-320.jpg 320w, /m/x-1280.jpg 1280w, /m/x-640.jpg 640w' })).toBe('/m/x-640.jpg');
    expect(pictureHref({ url: '/m/x.jpg', srcset: '/m/x-320.jpg 320w, /m/x-480.jpg 480w' })).toBe('/m/x-480.jpg');
    expect(pictureHref({ url: '/m/x.jpg', srcset: '' })).toBe('/m/x.jpg');
  });
});
