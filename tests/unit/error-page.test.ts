/**
 * The error page's own fallback (docs/product.md, Error page, Errors): when showing the error
 * fails (here: the store behind the header and navigation does not answer),
 * a bare page says "An error occurred while showing the error page" with a
 * link "Go back to home", in the visitor's language.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/server/pages/shell.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/server/pages/shell.ts')>()),
  loadShell: () => Promise.reject(new Error('store down')),
}));

describe('/error when showing the error fails', () => {
  it('falls back to a bare page with the fallback message and a link home', { timeout: 60_000 }, async () => {
    const { experimental_AstroContainer: AstroContainer } = await import('astro/container');
    const { default: ErrorPage } = await import('../../src/pages/[lang]/error.astro');
    const container = await AstroContainer.create();
    const fr = await container.renderToString(ErrorPage, { params: { lang: 'fr' }, request: new Request('http://localhost/fr/error?status=404') });
    expect(fr).toContain('<html lang="fr" dir="ltr"');
    const text = (html: string) => html.replace(/&#39;|&#x27;/g, "'");
    expect(text(fr)).toContain("Une erreur s'est produite lors de l'affichage de la page d'erreur");
    expect(text(fr)).toMatch(/<a href="\/fr"[^>]*>Revenir à l'accueil<\/a>/);
    expect(fr).toContain('noindex');
    // Not the normal page: no site header.
    expect(fr).not.toContain('site-header');
    const ar = await container.renderToString(ErrorPage, { params: { lang: 'ar' }, request: new Request('http://localhost/ar/error') });
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(ar).toContain('حدث خطأ أثناء عرض صفحة الخطأ');
    expect(ar).toMatch(/<a href="\/ar"[^>]*>العودة إلى الرئيسية<\/a>/);
  });
});
