import { accountRoute } from '../../../server/accounts/index.ts';

/** The member page's settings (who may see it). src/server/accounts/handlers.ts */
export const ALL = accountRoute('profile');
