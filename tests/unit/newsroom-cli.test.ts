import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands, runCli, type CliIo } from '../../src/server/newsroom/cli.ts';
import { contentCommands } from '../../src/server/newsroom/cli-content.ts';

registerCommands(...contentCommands);

/** A stand-in site that records what the CLI sends and answers like the newsroom API. */
let server: Server;
let base = '';
const seen: { method: string; url: string; auth: string; type: string; body: string }[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'newsroom-cli-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization ?? '', type: req.headers['content-type'] ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/newsroom/articles' && body.includes('"bad"')) {
        res.statusCode = 422;
        res.end(JSON.stringify({ header: { status: 'ERROR', code: 422, message: 'Certains champs sont invalides.', errors: { headlines: ['is required'] } }, response: null }));
        return;
      }
      res.statusCode = req.url?.endsWith('/withdraw') ? 200 : 201;
      res.end(JSON.stringify({ header: { status: 'OK', code: 201 }, response: { id: 7, lang: 'fr', url: 'https://www.2m.ma/fr/news/x', version: 1, state: 'published', publishedAt: '' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: { SITE_URL: base, NEWSROOM_TOKEN: 'nr_test', ...env } };
  return { io: value, out, err };
}

describe('newsroom CLI', () => {
  it('publishes a file with the token and prints the URL (exit 0)', async () => {
    const file = path.join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify({ uri: 'u', headlines: [{ value: 'x' }] }));
    const t = io();
    expect(await runCli(['publish', file], t.io)).toBe(0);
    expect(t.out).toEqual(['https://www.2m.ma/fr/news/x']);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/newsroom/articles', auth: 'Bearer nr_test', type: 'application/json' });
  });

  it('prints the refusal with its field errors (exit 1), bad JSON (exit 1), bad usage (exit 2)', async () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ uri: 'bad' }));
    const t = io();
    expect(await runCli(['publish', bad], t.io)).toBe(1);
    expect(t.err.join('\n')).toContain('refused: HTTP 422');
    expect(t.err.join('\n')).toContain('headlines: is required');
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{');
    expect(await runCli(['publish', broken], io().io)).toBe(1);
    expect(await runCli(['publish'], io().io)).toBe(2);
    expect(await runCli(['publish', path.join(dir, 'missing.json')], io().io)).toBe(2);
    expect(await runCli(['nonsense'], io().io)).toBe(2);
    expect(await runCli(['withdraw', 'u'], io({ NEWSROOM_TOKEN: '' }).io)).toBe(2);
  });

  it('withdraws by uri through the JSON endpoint', async () => {
    const t = io();
    expect(await runCli(['withdraw', 'urn:x:1'], t.io)).toBe(0);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/newsroom/articles/withdraw', body: '{"uri":"urn:x:1"}' });
  });
});
