import { accountRoute } from '../../../server/accounts/index.ts';

/** Social login (docs/product.md, Accounts and forms): the Facebook access token, verified server-side. src/server/accounts/handlers.ts */
export const ALL = accountRoute('auth-fb');
