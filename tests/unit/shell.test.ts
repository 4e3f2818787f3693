/**
 * Pure pieces of the site shell: the top bar's date line, the replay
 * categories' links (configuration or master tag fallback), the social
 * links list, and the analytics hook.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { topbarDate, topbarShortDate } from '../../src/components/layout/today.ts';
import { SOCIAL_LINKS } from '../../src/components/layout/links.ts';
import { replayCategoryPaths } from '../../src/server/pages/shell.ts';
import { parseConfig } from '../../src/server/config.ts';
import { track, ANALYTICS_EVENT } from '../../src/lib/analytics.ts';

describe('topbarDate', () => {
  it('writes the day in Moroccan Arabic and in French', () => {
    expect(topbarDate('2026-11-22', 'ar')).toBe('الأحد 22 نونبر 2026');
    expect(topbarDate('2026-11-22', 'fr')).toBe('Dimanche 22 novembre 2026');
    expect(topbarDate('2027-08-01', 'ar')).toBe('الأحد 1 غشت 2027');
  });

  it('has a short form for phones: no year, French abbreviated', () => {
    expect(topbarShortDate('2026-11-25', 'ar')).toBe('الأربعاء 25 نونبر');
    expect(topbarShortDate('2026-11-25', 'fr')).toBe('Mer. 25 nov.');
    expect(topbarShortDate('2027-08-01', 'fr')).toBe('Dim. 1er août');
    expect(topbarDate('2026-12-01', 'fr')).toBe('Mardi 1er décembre 2026');
  });
});

describe('replayCategoryPaths', () => {
  it('falls back to the master tag pages when no category id is configured', () => {
    const config = parseConfig({});
    expect(replayCategoryPaths('ar', config)).toEqual({ societe: '/ar/societe', sport: '/ar/sport' });
    expect(replayCategoryPaths('fr', config)).toEqual({ societe: '/fr/societe', sport: '/fr/sport' });
  });

  it('uses the per-language category ids from configuration', () => {
    const config = parseConfig({
      REPLAY_SOCIETE_TAG_AR: '11',
      REPLAY_SPORT_TAG_AR: '12',
      REPLAY_SOCIETE_TAG_FR: '21',
      REPLAY_SPORT_TAG_FR: '22',
    });
    expect(replayCategoryPaths('ar', config)).toEqual({ societe: '/ar/posts/tag/11', sport: '/ar/posts/tag/12' });
    expect(replayCategoryPaths('fr', config)).toEqual({ societe: '/fr/posts/tag/21', sport: '/fr/posts/tag/22' });
  });
});

describe('SOCIAL_LINKS', () => {
  it('lists the four networks once each', () => {
    expect(SOCIAL_LINKS.map((s) => s.network).sort()).toEqual(['facebook', 'instagram', 'x', 'youtube']);
    for (const s of SOCIAL_LINKS) expect(s.url).toMatch(/^https:\/\//);
  });
});

describe('track', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does nothing on the server', () => {
    expect(() => track(11)).not.toThrow();
  });

  it('dispatches a 2m:analytics event and feeds dataLayer', () => {
    const target = new EventTarget() as EventTarget & { dataLayer?: unknown[] };
    target.dataLayer = [];
    vi.stubGlobal('window', target);
    const seen: unknown[] = [];
    target.addEventListener(ANALYTICS_EVENT, (e) => seen.push((e as CustomEvent).detail));
    track(11, { from: 'fr', to: 'ar' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ eventId: 11, data: { from: 'fr', to: 'ar' } });
    expect(target.dataLayer).toEqual([{ event: '2m_event_11', eventId: 11, from: 'fr', to: 'ar' }]);
  });
});

describe('500 page', () => {
  it('renders light and localized, without the store', { timeout: 60_000 }, async () => {
    const { experimental_AstroContainer: AstroContainer } = await import('astro/container');
    const { default: ServerError } = await import('../../src/pages/500.astro');
    const container = await AstroContainer.create();
    const fr = await container.renderToString(ServerError, { request: new Request('http://localhost/fr/some/page') });
    expect(fr).toContain('<html lang="fr" dir="ltr"');
    expect(fr).toContain('Erreur du serveur');
    expect(fr).toContain('href="/fr"');
    const ar = await container.renderToString(ServerError, { request: new Request('http://localhost/ar/x') });
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    expect(ar).toContain('عذرًا، حدث خطأ في الخادم');
  });
});
