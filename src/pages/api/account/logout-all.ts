import { accountRoute } from '../../../server/accounts/index.ts';

/** Sign out everywhere: ends every session of the user. src/server/accounts/handlers.ts */
export const ALL = accountRoute('logout-all');
