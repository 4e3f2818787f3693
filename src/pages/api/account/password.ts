import { accountRoute } from '../../../server/accounts/index.ts';

/** Password change (other sessions end). src/server/accounts/handlers.ts */
export const ALL = accountRoute('password');
