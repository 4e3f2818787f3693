/**
 * What readers notice, over real HTTP: the 404 page has
 * no English, the live page names the brand once, a malformed address gets
 * the localised 400 page (and the API its envelope), screen-reader labels
 * use French spacing and Arabic commas.
 */
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const NNBSP = '\u202f';

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
};
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('reader-facing texts', () => {
  for (const lang of ['ar', 'fr'] as const) {
    it(`/${lang}: the 404 page speaks only ${lang}`, async () => {
      const { status, html } = await page(`/${lang}/no-such-page-xyz`);
      expect(status).toBe(404);
      expect(html).not.toContain('This page could not be found');
      expect(html).not.toContain('lang="en"');
      expect(html).toContain(lang === 'ar' ? 'تعذر العثور على هذه الصفحة' : 'Cette page est introuvable');
    });

    it(`/${lang}/live: the title names the brand once`, async () => {
      const t = title((await page(`/${lang}/live`)).html);
      expect(t).toBe(lang === 'ar' ? 'البث المباشر | دوزيم' : 'Le direct | 2M');
    });

    it(`/${lang}/search?q=%ff: a malformed address gets the localised 400 page`, async () => {
      const { status, headers, html } = await page(`/${lang}/search?q=%ff`);
      expect(status).toBe(400);
      expect(headers.get('content-type')).toMatch(/^text\/html/);
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(lang === 'ar' ? 'تعذرت قراءة عنوان هذه الصفحة' : 'Adresse illisible');
      expect(html).not.toContain('Bad request.');
    });
  }

  it('a malformed address without a prefix answers in the cookie\'s language; the API answers its envelope', async () => {
    const { status, html } = await page('/search?q=%E0%A4%A', { cookie: 'locale=fr' });
    expect(status).toBe(400);
    expect(html).toContain('<html lang="fr"');
    const api = await fetch(`${baseUrl}/api/Search/1?search=%ff`, { headers: { locale: 'fr' } });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      header: { status: 'ERROR', code: 400, message: `Adresse non valide${NNBSP}: son encodage est incorrect.` },
      response: null,
    });
  });

  it('screen-reader labels: "Ville\u202f:" in French, the Arabic comma in Arabic bylines', async () => {
    const talents = (await page('/fr/talents')).html;
    expect(talents).toMatch(new RegExp(`<span class="sr-only"[^>]*>Ville${NNBSP}: </span>`));
    expect(talents).not.toMatch(/>Ville ?: </);
    expect((await page('/fr')).html).toMatch(new RegExp(`Date du jour${NNBSP}: </span>`));

    // An Arabic article whose author has a role: name، role.
    const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: 'ar' } });
    const { response } = (await res.json()) as { response: { articles: { path: string }[] } };
    let checked = 0;
    for (const a of response.articles.slice(0, 30)) {
      const html = (await page(a.path)).html;
      const byline = /class="author"[^>]*>(.*?)<\/p>/s.exec(html)?.[1];
      if (!byline?.includes('class="role"')) continue;
      expect(byline).toMatch(/<span class="sr-only"[^>]*>، <\/span><span class="role"/);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
