// A stand-in for the built Astro entry (dist/server/entry.mjs) in the render pool's unit tests:
// its `app` (Astro's App: match, render) answers web Requests as the tests need.
import { threadId } from 'node:worker_threads';

/** Renders of /fr/counted on this thread. */
let counted = 0;
/** Paths whose render was released (src/server/delivery/render-release.ts) after their answer, on this thread. */
const released = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function render(request, { clientAddress, addCookieHeader }) {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  const body = request.body ? await request.text() : '';
  if (path.startsWith('/crash')) process.exit(3);
  if (path.startsWith('/released')) return new Response(JSON.stringify(released), { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
  // As src/middleware.ts does through markRenderForRelease: the worker calls this once the answer is sent.
  Reflect.set(request, Symbol.for('2m.releaseRender'), () => released.push(path));
  if (path.startsWith('/throw')) throw new Error('render failed');
  if (path.startsWith('/stream')) {
    // A streamed answer (a media file): its chunks as they come.
    const chunks = ['first ', 'last'];
    return new Response(
      new ReadableStream({
        async pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else {
            await sleep(20);
            controller.enqueue(new TextEncoder().encode(next));
          }
        },
      }),
      { headers: { 'content-type': 'video/mp4' } },
    );
  }
  if (path.startsWith('/big-media')) {
    // 4 MB in 64 KB chunks, for a visitor who reads slowly.
    let left = 64;
    return new Response(
      new ReadableStream({
        pull(controller) {
          if (left-- === 0) controller.close();
          else controller.enqueue(new Uint8Array(65536).fill(left % 256));
        },
      }),
      { headers: { 'content-type': 'video/mp4', 'content-length': String(64 * 65536) } },
    );
  }
  if (path.startsWith('/fr/page')) {
    return new Response(`<!doctype html><p>${request.headers.get('host')} ${request.headers.get('x-prebuild-render')} ${'x'.repeat(2000)}</p>`, {
      headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60' },
    });
  }
  if (path.startsWith('/fr/counted')) {
    counted++;
    // A render that takes a while, for visitors who miss the same page at once.
    if (path.startsWith('/fr/counted-slow')) await sleep(150);
    return new Response(`<!doctype html><p>render ${threadId}.${counted} ${'مقال '.repeat(500)}</p>`, {
      headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60' },
    });
  }
  if (path.startsWith('/api/big')) {
    return new Response(JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ i, title: 'خبر عاجل' })) }), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  }
  if (path.startsWith('/fr/gone')) return new Response('gone', { status: 410, headers: { 'content-type': 'text/html' } });
  if (path.startsWith('/fr/too-slow')) {
    await sleep(2000);
    return new Response('late', { headers: { 'content-type': 'text/html' } });
  }
  if (path.startsWith('/slow')) {
    await sleep(100);
    return new Response(String(threadId));
  }
  const headers = new Headers({ 'content-type': 'application/json' });
  if (addCookieHeader) {
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
  }
  return new Response(
    JSON.stringify({
      method: request.method,
      url: path,
      origin: url.origin,
      body,
      peer: clientAddress ?? null,
      spoofed: request.headers.get('x-2m-front-peer'),
      host: request.headers.get('host'),
      thread: threadId,
    }),
    { status: 201, headers },
  );
}

export const app = {
  match: () => ({ prerender: false, type: 'page' }),
  render,
};
