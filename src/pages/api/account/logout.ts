import { accountRoute } from '../../../server/accounts/index.ts';

/** Sign-out: ends the session and clears its cookie. src/server/accounts/handlers.ts */
export const ALL = accountRoute('logout');
