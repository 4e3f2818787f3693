/**
 * One request id per request, and one log line per answer (ADR 013).
 * The id is the client's (or proxy's) `X-Request-Id` when it looks like one,
 * else a new UUID; it is sent back in `X-Request-Id` and attached to every
 * log line written while the request is served (log.ts, requestContext).
 * Answers below 400 are logged at debug (nginx keeps the access log in
 * production), 4xx at info, 5xx at warn.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getLogger, requestContext, scrub } from '../log.ts';

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function withRequestLog(req: IncomingMessage, res: ServerResponse, run: () => void): void {
  const incoming = req.headers['x-request-id'];
  const reqId = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = reqId;
  res.setHeader('X-Request-Id', reqId);
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const status = res.statusCode;
    const level = status >= 500 ? 'warn' : status >= 400 ? 'info' : 'debug';
    const log = getLogger();
    if (!log.isLevelEnabled(level)) return;
    log[level](
      {
        reqId,
        method: req.method,
        url: scrub(req.url ?? '/'),
        status,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      'request',
    );
  });
  requestContext.run({ reqId }, run);
}
