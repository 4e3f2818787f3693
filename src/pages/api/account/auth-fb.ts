import { accountRoute } from '../../../server/accounts/index.ts';

export const prerender = false;

/** Social login (SPEC §7.4, DESIGN §3): the Facebook access token, verified server-side. src/server/accounts/handlers.ts */
export const ALL = accountRoute('auth-fb');
