import { accountRoute } from '../../../server/accounts/index.ts';

/** The signed-in user, or null: the session restore at start (docs/product.md, States). src/server/accounts/handlers.ts */
export const ALL = accountRoute('me');
