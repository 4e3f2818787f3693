// A stand-in for the built Astro entry (dist/server/entry.mjs) in the render pool's unit tests.
import { threadId } from 'node:worker_threads';

/** Renders of /fr/counted on this thread. */
let counted = 0;

export const handler = (req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.url.startsWith('/crash')) process.exit(3);
    if (req.url.startsWith('/stream')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first ');
      setTimeout(() => res.end('last'), 20);
      return;
    }
    if (req.url.startsWith('/fr/page')) {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60' });
      res.end(`<!doctype html><p>${req.headers.host} ${req.headers['x-prebuild-render']} ${'x'.repeat(2000)}</p>`);
      return;
    }
    if (req.url.startsWith('/fr/counted')) {
      counted++;
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60' });
      res.end(`<!doctype html><p>render ${threadId}.${counted} ${'مقال '.repeat(500)}</p>`);
      return;
    }
    if (req.url.startsWith('/api/big')) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ i, title: 'خبر عاجل' })) }));
      return;
    }
    if (req.url.startsWith('/fr/gone')) {
      res.writeHead(410, { 'content-type': 'text/html' });
      res.end('gone');
      return;
    }
    if (req.url.startsWith('/slow')) {
      setTimeout(() => res.end(String(threadId)), 100);
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        body,
        peer: req.socket.remoteAddress,
        spoofed: req.headers['x-2m-front-peer'] ?? null,
        host: req.headers.host,
        thread: threadId,
      }),
    );
  });
};
