/** The 404 page's search: the words of the address the visitor asked for (src/server/pages/not-found.ts). */
import { describe, expect, it } from 'vitest';
import { wordsOfPath } from '../../src/server/pages/not-found.ts';

describe('the words of an address that was not found', () => {
  it('takes the last segment, its dashes as spaces, numbers and endings dropped', () => {
    expect(wordsOfPath('/fr/sport/victoire-du-raja-123')).toBe('victoire du raja');
    expect(wordsOfPath('/fr/sport/victoire_du_raja.html?x=1#top')).toBe('victoire du raja');
    expect(wordsOfPath(`/ar/${encodeURIComponent('فوز-الرجاء')}`)).toBe('فوز الرجاء');
    expect(wordsOfPath('/fr')).toBe('');
    expect(wordsOfPath('/fr/%E0%A4')).toBe('%E0%A4');
  });

  it('keeps at most 100 characters (the search box\'s limit)', () => {
    expect(wordsOfPath(`/fr/${'mot-'.repeat(60)}`).length).toBeLessThanOrEqual(100);
  });
});
