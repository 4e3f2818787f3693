import { accountRoute } from '../../../server/accounts/index.ts';

/** Sign-up (docs/product.md, Accounts and forms): form data date, sexe, name, email, password. src/server/accounts/handlers.ts */
export const ALL = accountRoute('registeration');
