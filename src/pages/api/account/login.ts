import { accountRoute } from '../../../server/accounts/index.ts';

/** Sign-in (docs/product.md, Accounts and forms): form data username (the e-mail), password. src/server/accounts/handlers.ts */
export const ALL = accountRoute('login');
