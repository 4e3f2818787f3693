/**
 * GET /healthz, for load balancers and the test harness: 200 once the site
 * is ready (by default, once a pre-built site exists), 503 before and from
 * the moment a stop begins; never cached.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEALTH_PATH } from '../http/request-policy.ts';
import { currentBuildId } from './site-dir.ts';

/** Answers a GET/HEAD of /healthz; false for any other request. */
export function answerHealth(req: IncomingMessage, res: ServerResponse, ready: () => boolean, siteDir: string): boolean {
  if (req.url !== HEALTH_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const ok = ready();
  const body = JSON.stringify({ status: ok ? 'ok' : 'starting', build: currentBuildId(siteDir) });
  res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
