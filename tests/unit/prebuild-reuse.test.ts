/**
 * A page rendered as in the build serving now takes that build's files
 * (prebuild.ts `reusePageSync`): linked only when the page is the same
 * bytes, the gzip twin's trailer names its CRC-32 and length, and the
 * brotli twin decompresses to it; otherwise nothing is left behind and the
 * caller writes the page.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reusePageSync, writePageSync } from '../../src/server/delivery/prebuild.ts';
import { compressPageSync as compressSync } from '../../src/server/delivery/http-cache.ts';

let root = '';
let earlier = '';
let next = '';
const PAGE = '/fr/sport/un-titre';
const html = Buffer.from(`<!doctype html><html lang="fr"><body>${'<p>Un paragraphe, encore un.</p>'.repeat(400)}</body></html>`);
const other = Buffer.from(html.toString().replace('Un paragraphe', 'Une phrase'));
const headers = { 'content-type': 'text/html; charset=utf-8' };
const file = (dir: string, suffix = '') => path.join(dir, PAGE, `index.html${suffix}`);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), '2m-reuse-'));
  earlier = path.join(root, 'earlier');
  next = path.join(root, 'next');
  writePageSync(earlier, PAGE, { html, ...compressSync(html), headers });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What the next build's page folder holds (no temporary file may stay). */
const left = () => (existsSync(path.dirname(file(next))) ? readdirSync(path.dirname(file(next))).sort() : []);

describe('reusePageSync', () => {
  it('links an unchanged page and both twins from the earlier build', () => {
    expect(reusePageSync(earlier, next, PAGE, html)).toBe(true);
    for (const suffix of ['', '.gz', '.br']) expect(statSync(file(next, suffix)).ino).toBe(statSync(file(earlier, suffix)).ino);
    expect(left()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
  });

  it('refuses a changed page, and a page of the same length', () => {
    expect(reusePageSync(earlier, next, PAGE, Buffer.concat([html, Buffer.from(' ')]))).toBe(false);
    const same = Buffer.from(html);
    same[same.length - 20] = 0x41;
    expect(reusePageSync(earlier, next, PAGE, same)).toBe(false);
    expect(left()).toEqual([]);
  });

  it('refuses a gzip twin or a brotli twin of another version of the page (swapped by the change feed)', () => {
    const { gzip, br } = compressSync(other);
    // The earlier build's page as it was, with a twin of another render beside it.
    writePageSync(path.join(root, 'gz'), PAGE, { html, gzip, br: compressSync(html).br, headers });
    expect(reusePageSync(path.join(root, 'gz'), next, PAGE, html)).toBe(false);
    writePageSync(path.join(root, 'br'), PAGE, { html, gzip: compressSync(html).gzip, br, headers });
    expect(reusePageSync(path.join(root, 'br'), next, PAGE, html)).toBe(false);
    expect(left()).toEqual([]);
    expect(readFileSync(file(path.join(root, 'br'), '.br')).equals(br)).toBe(true);
  });

  it('finds nothing to reuse for a page the earlier build lacks', () => {
    expect(reusePageSync(earlier, next, '/fr/autre', html)).toBe(false);
  });
});
