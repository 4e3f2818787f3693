/**
 * A real server process for the durability test (tests/unit/tracking-durability.test.ts):
 * the tracking endpoint (handler, group-commit queue, rate limit) on a store
 * in DATA_DIR, on PORT. Prints "ready <port>" once listening.
 *
 *   DATA_DIR=/tmp/x PORT=0 node tests/support/tracking-server.ts
 */
import http from 'node:http';
import { openStore } from '../../src/server/db/index.ts';
import { storeLimiter } from '../../src/server/http/index.ts';
import { createTrackingHandler } from '../../src/server/tracking/handler.ts';
import { TrackingQueue } from '../../src/server/tracking/queue.ts';

const { db } = await openStore({ dataDir: process.env.DATA_DIR! });
const queue = new TrackingQueue({ db: async () => db });
const handle = createTrackingHandler({ queue, limiter: storeLimiter(async () => db, { name: 'tracking', points: 0, durationSec: 60 }), proxyTrust: 0 });

const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const answer = await handle(new Request(`http://127.0.0.1${req.url}`, { method: req.method ?? 'GET', headers, body: req.method === 'POST' ? Buffer.concat(chunks) : null }), req.socket.remoteAddress);
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : ''}`);
});
