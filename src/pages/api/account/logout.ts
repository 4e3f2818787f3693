import { accountRoute } from '../../../server/accounts/index.ts';

export const prerender = false;

/** Sign-out: ends the session and clears its cookie. src/server/accounts/handlers.ts */
export const ALL = accountRoute('logout');
