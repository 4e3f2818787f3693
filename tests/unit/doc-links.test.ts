/**
 * Every link of the documentation leads somewhere (scripts/check-doc-links.ts):
 * the repository's README.md and docs/ as they are, and the checker on
 * samples of each kind of broken link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocLinks, findBrokenLinks, headingId, headingIds } from '../../scripts/check-doc-links.ts';

const FILES: Record<string, string> = {
  'docs/a.md': '# A\n\n## Accounts and forms\n\n## Publish → visible (newsroom API)\n\n### Indexes (migration `013_indexes`)\n\n## Notes\n\n## Notes\n',
  'docs/adr/001-x.md': '# 001: X\n',
  'deploy/nginx/2m.conf': 'server {}',
};
const read = (rel: string) => FILES[rel] ?? null;
const exists = (rel: string) => rel in FILES || rel === 'docs/adr' || rel === 'docs';
const broken = (file: string, text: string) => findBrokenLinks(file, text, read, exists).map((h) => `${h.line}: ${h.target}`);

describe('check-doc-links', () => {
  it('finds no broken link in README.md and docs/', () => {
    expect(checkDocLinks()).toEqual([]);
  });

  it('makes the heading ids GitHub makes', () => {
    expect(headingId('Accounts and forms')).toBe('accounts-and-forms');
    expect(headingId('Publish → visible (newsroom API)')).toBe('publish--visible-newsroom-api');
    expect(headingId('Indexes (migration `013_indexes`)')).toBe('indexes-migration-013_indexes');
    expect(headingId('Mail, newsletter and contact')).toBe('mail-newsletter-and-contact');
    expect([...headingIds(FILES['docs/a.md']!)]).toEqual(
      expect.arrayContaining(['a', 'accounts-and-forms', 'notes', 'notes-1', 'indexes-migration-013_indexes']),
    );
    expect(headingIds('```sh\n# not a heading\n```\n# Real\n')).toEqual(new Set(['real']));
  });

  it('accepts files, folders, anchors, other sites and code', () => {
    const text = [
      'See [the ADRs](adr/), [ADR 001](adr/001-x.md) and [forms](a.md#accounts-and-forms).',
      '[nginx](../deploy/nginx/2m.conf), [here](#notes-1), <https://example.org>, [site](https://www.2m.ma/ar)',
      'A link over two lines: [Tests on',
      '  PostgreSQL](a.md#publish--visible-newsroom-api).',
      '`[not a link](nowhere.md)` and ![pic](adr/001-x.md)',
      '```md',
      '[inside a fence](nowhere.md)',
      '```',
    ].join('\n');
    expect(broken('docs/a.md', text)).toEqual([]);
  });

  it('flags a missing file, a missing anchor and a path out of the repository, with its line', () => {
    const text = [
      'fine [A](a.md)',
      '[gone](missing.md) and [deploy](deploy.md#media)',
      '[anchor](a.md#no-such-heading)',
      '[up](../../outside.md)',
      '![pic](screenshots/none.png)',
    ].join('\n');
    expect(broken('docs/x.md', text)).toEqual(['2: missing.md', '2: deploy.md#media', '3: a.md#no-such-heading', '4: ../../outside.md', '5: screenshots/none.png']);
  });
});

describe('the ADR index (docs/adr/README.md)', () => {
  it('lists every ADR of docs/adr/, with a link to its file', () => {
    const dir = path.resolve(import.meta.dirname, '../../docs/adr');
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const missing = readdirSync(dir)
      .filter((f) => /^\d{3}-.*\.md$/.test(f))
      .filter((f) => !index.includes(`](${f})`));
    expect(missing).toEqual([]);
  });
});
