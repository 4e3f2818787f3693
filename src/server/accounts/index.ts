/**
 * The process-wide account handler, built from configuration on first use.
 * Route files (src/pages/api/account/*.ts) call `handleAccountRequest`.
 */
import type { APIRoute } from 'astro';
import { getConfig } from '../config.ts';
import { peerAddress, proxyTrust } from '../http/index.ts';
import { getDb } from '../db/index.ts';
import { facebookConfigFrom } from './facebook.ts';
import { createAccountHandler, type AccountAction } from './handlers.ts';
import { cookieOptionsFrom } from './sessions.ts';

export type { AccountAction } from './handlers.ts';

let handler: ReturnType<typeof createAccountHandler> | undefined;

function handleAccountRequest(action: AccountAction, request: Request, peer?: string): Promise<Response> {
  if (!handler) {
    const config = getConfig();
    handler = createAccountHandler({
      db: getDb,
      cookie: cookieOptionsFrom(config),
      facebook: facebookConfigFrom(config),
      proxyTrust: proxyTrust(config),
    });
  }
  return handler(action, request, peer);
}

/** The handler of one account route file: every method goes through it (405 for the wrong one). */
export function accountRoute(action: AccountAction): APIRoute {
  return (context) => handleAccountRequest(action, context.request, peerAddress(() => context.clientAddress));
}
