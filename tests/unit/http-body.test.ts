/**
 * The one body reader of every endpoint (src/server/http/body.ts): the JSON
 * reader (newsroom, desk, broadcast, tracking) and the form reader
 * (accounts, forms, push, weather), each bounded in size before anything is
 * read and, for JSON, in depth before it is parsed.
 */
import { describe, expect, it } from 'vitest';
import { readForm, readJson } from '../../src/server/http/body.ts';

const req = (type: string, body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://x/', { method: 'POST', headers: { 'content-type': type, ...headers }, body });

describe('JSON bodies', () => {
  it('takes application/json and its +json flavours, refuses other types (415), too large (413), malformed (400)', async () => {
    expect(await readJson(req('application/json; charset=utf-8', '{"a":1}'), 100)).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJson(req('application/ninjs+json', '[1]'), 100)).toEqual({ ok: true, value: [1] });
    expect(await readJson(req('text/plain', '{}'), 100)).toMatchObject({ ok: false, status: 415, reason: 'unsupported' });
    expect(await readJson(req('application/json', `"${'x'.repeat(200)}"`), 100)).toMatchObject({ ok: false, status: 413, reason: 'too-large' });
    // A declared length over the limit is refused before a byte is read.
    expect(await readJson(req('application/json', '{}', { 'content-length': '5000' }), 100)).toMatchObject({ ok: false, status: 413 });
    expect(await readJson(req('application/json', '{"a":'), 100)).toMatchObject({ ok: false, status: 400, reason: 'malformed' });
    expect(await readJson(req('application/json', new Uint8Array([0x22, 0xff, 0x22])), 100)).toMatchObject({ ok: false, status: 400, reason: 'not-utf8' });
  });

  it('measures nesting before JSON.parse (a 2 MB "[[[[…" is a second of its CPU); brackets inside strings do not count', async () => {
    expect(await readJson(req('application/json', `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`), 3_000_000)).toEqual({
      ok: false,
      status: 422,
      reason: 'too-deep',
      problem: 'the JSON nests arrays and objects more than 64 deep',
    });
    expect(await readJson(req('application/json', JSON.stringify({ a: '['.repeat(500), b: [[[1]]] })), 3_000_000)).toMatchObject({ ok: true });
  });

  it('takes the types its caller accepts (tracking: text/plain from sendBeacon)', async () => {
    const beacon = (type: string) => type === 'application/json' || type === 'text/plain';
    expect(await readJson(req('text/plain;charset=UTF-8', '{"eventId":7}'), 100, beacon)).toEqual({ ok: true, value: { eventId: 7 } });
    expect(await readJson(req('application/xml', '{}'), 100, beacon)).toMatchObject({ ok: false, status: 415 });
  });
});

describe('form bodies', () => {
  it('reads urlencoded and multipart text fields, the first of repeated ones, files ignored', async () => {
    expect(await readForm(req('application/x-www-form-urlencoded', 'email=k%40example.ma&lang=fr&lang=ar'), 1000)).toEqual({
      ok: true,
      value: { email: 'k@example.ma', lang: 'fr' },
    });
    const fd = new FormData();
    fd.set('name', 'Khadija');
    fd.set('cv', new Blob(['%PDF']), 'cv.pdf');
    expect(await readForm(new Request('http://x/', { method: 'POST', body: fd }), 1000)).toEqual({ ok: true, value: { name: 'Khadija' } });
  });

  it('takes a JSON object only when asked, bounded as JSON', async () => {
    expect(await readForm(req('application/json', '{"email":"k@example.ma"}'), 1000)).toMatchObject({ ok: false, status: 415, reason: 'unsupported' });
    expect(await readForm(req('application/json', '{"email":"k@example.ma"}'), 1000, { json: true })).toEqual({ ok: true, value: { email: 'k@example.ma' } });
    expect(await readForm(req('application/json', '[1]'), 1000, { json: true })).toMatchObject({ ok: false, status: 400, reason: 'malformed' });
    expect(await readForm(req('application/json', `{"a":${'['.repeat(100)}${']'.repeat(100)}}`), 1000, { json: true })).toMatchObject({ ok: false, reason: 'too-deep' });
  });

  it('refuses what is too large or not a form', async () => {
    expect(await readForm(req('application/x-www-form-urlencoded', `m=${'x'.repeat(2000)}`), 1000)).toMatchObject({ ok: false, status: 413, reason: 'too-large' });
    expect(await readForm(req('text/plain', 'm=x'), 1000)).toMatchObject({ ok: false, status: 415 });
    expect(await readForm(req('multipart/form-data; boundary=zz', 'not multipart'), 1000)).toMatchObject({ ok: false, status: 400, reason: 'malformed' });
  });
});
