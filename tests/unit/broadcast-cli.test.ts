/**
 * The newsroom CLI's video and broadcast commands (src/server/broadcast/cli.ts):
 * what each sends to the site (method, path, type, body) and what it prints
 * and exits with, over a stubbed fetch.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerCommands, runCli, type CliIo } from '../../src/server/newsroom/cli.ts';
import { broadcastCommands } from '../../src/server/broadcast/cli.ts';

registerCommands(...broadcastCommands);

interface Sent {
  method: string;
  url: string;
  type: string | null;
  auth: string | null;
  body: string;
}

function stubSite(answers: { status: number; body: unknown }[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = init.body === undefined || init.body === null ? '' : typeof init.body === 'string' ? init.body : new TextDecoder().decode(init.body as Uint8Array);
    sent.push({ method: init.method ?? 'GET', url: String(input), type: headers.get('content-type'), auth: headers.get('authorization'), body });
    const next = answers.shift() ?? { status: 500, body: null };
    return new Response(typeof next.body === 'string' ? next.body : JSON.stringify(next.body), { status: next.status });
  });
  return sent;
}

function io(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), env: { NEWSROOM_TOKEN: 'nr_test', SITE_URL: 'http://site.test' } };
}

const ok = (response: unknown, status = 200) => ({ status, body: { header: { status: 'OK', code: status }, response } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newsroom CLI: broadcast commands', () => {
  it('breaking set sends the headlines in order, each with its --url (else the home page)', async () => {
    const sent = stubSite([ok({ lang: 'ar', items: [{ id: 1, title: 'أ', url: '/ar/x', articleId: null }, { id: 2, title: 'ب', url: '/ar', articleId: null }] })]);
    const o = io();
    expect(await runCli(['breaking', 'set', '--lang', 'ar', 'أ', 'ب', '--url', '/ar/x'], o)).toBe(0);
    expect(sent[0]).toMatchObject({ method: 'PUT', url: 'http://site.test/api/newsroom/breaking/ar', type: 'application/json', auth: 'Bearer nr_test' });
    expect(JSON.parse(sent[0]!.body)).toEqual({ items: [{ title: 'أ', url: '/ar/x' }, { title: 'ب', url: '/ar' }] });
    expect(o.lines).toEqual(['1\tأ\t/ar/x', '2\tب\t/ar']);
  });

  it('breaking reorder sends every id in the new order, and refuses a list that leaves one out', async () => {
    const list = ok({ lang: 'fr', items: [{ id: 7, title: 'a', url: '/fr' }, { id: 9, title: 'b', url: '/fr' }] });
    let sent = stubSite([list, ok({ lang: 'fr', items: [] })]);
    expect(await runCli(['breaking', 'reorder', '--lang', 'fr', '9', '7'], io())).toBe(0);
    expect(JSON.parse(sent[1]!.body)).toEqual({ items: [{ id: 9 }, { id: 7 }] });
    sent = stubSite([list]);
    const o = io();
    expect(await runCli(['breaking', 'reorder', '--lang', 'fr', '9'], o)).toBe(2);
    expect(o.errors.join('\n')).toContain('missing: 7');
    expect(sent).toHaveLength(1);
  });

  it('breaking clear and live clear send a bare DELETE (no body, no Content-Type)', async () => {
    const sent = stubSite([ok({ lang: 'fr', removed: 3 }), ok({ url: '/live/2m/index.m3u8', source: 'builtin' })]);
    const o = io();
    expect(await runCli(['breaking', 'clear', '--lang', 'fr'], o)).toBe(0);
    expect(await runCli(['live', 'clear'], o)).toBe(0);
    expect(sent.map((s) => [s.method, s.url, s.type])).toEqual([
      ['DELETE', 'http://site.test/api/newsroom/breaking/fr', null],
      ['DELETE', 'http://site.test/api/newsroom/live', null],
    ]);
    expect(o.lines).toEqual(['fr: 3 item(s) removed', 'live: /live/2m/index.m3u8 (built-in channel)']);
  });

  it('live set sends the URL and titles; a refusal prints each field and exits 1', async () => {
    const sent = stubSite([{ status: 422, body: { header: { status: 'ERROR', code: 422, message: 'Certains champs sont invalides.', errors: { url: ['must be an http(s) URL or a site path'] } }, response: null } }]);
    const o = io();
    expect(await runCli(['live', 'set', 'ftp://x', '--title', 'Derby', '--title-ar', 'ديربي'], o)).toBe(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({ url: 'ftp://x', title: 'Derby', titles: { ar: 'ديربي' } });
    expect(o.errors).toEqual(['refused: HTTP 422 – Certains champs sont invalides.', '  url: must be an http(s) URL or a site path']);
  });

  it('grid import posts the file as XML; grid export reads /guidetv.xml with the range; video publish posts the JSON file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'broadcast-cli-'));
    writeFileSync(path.join(dir, 'g.xml'), '<tv/>');
    writeFileSync(path.join(dir, 'v.json'), '{"kind":"jt"}');
    const sent = stubSite([
      ok({ days: ['2026-11-30'], programmes: 20, replaced: 18 }),
      { status: 200, body: '<?xml version="1.0"?><tv></tv>\n' },
      ok({ id: 5, kind: 'jt', uri: 'u', paths: { ar: '/ar/replay/news/ar/5', fr: '/fr/replay/news/ar/5' } }, 201),
    ]);
    const o = io();
    expect(await runCli(['grid', 'import', path.join(dir, 'g.xml')], o)).toBe(0);
    expect(await runCli(['grid', 'export', '--from', '2026-11-30', '--to', '2026-12-01'], o)).toBe(0);
    expect(await runCli(['video', 'publish', path.join(dir, 'v.json')], o)).toBe(0);
    expect(sent.map((s) => [s.method, s.url, s.type, s.body])).toEqual([
      ['POST', 'http://site.test/api/newsroom/grid', 'application/xml', '<tv/>'],
      ['GET', 'http://site.test/guidetv.xml?from=2026-11-30&to=2026-12-01', null, ''],
      ['POST', 'http://site.test/api/newsroom/videos', 'application/json', '{"kind":"jt"}'],
    ]);
    expect(o.lines).toEqual([
      'grid imported: 20 programmes over 1 day(s) (2026-11-30), replacing 18 entries',
      '<?xml version="1.0"?><tv></tv>',
      'created jt 5 (u): /ar/replay/news/ar/5 /fr/replay/news/ar/5',
    ]);
    expect(await runCli(['grid', 'import', path.join(dir, 'missing.xml')], io())).toBe(2);
    expect(await runCli(['breaking', 'set', 'x'], io())).toBe(2);
  });
});
