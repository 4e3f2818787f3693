import { accountRoute } from '../../../server/accounts/index.ts';

export const prerender = false;

/** Password change (other sessions end). src/server/accounts/handlers.ts */
export const ALL = accountRoute('password');
