import { accountRoute } from '../../../server/accounts/index.ts';

export const prerender = false;

/** Sign-in (SPEC §7.4): form data username (the e-mail), password. src/server/accounts/handlers.ts */
export const ALL = accountRoute('login');
