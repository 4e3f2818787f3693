/**
 * The browser tests that the PostgreSQL pass (`npm run test:pg`) runs again
 * against a server on PostgreSQL: those whose answer comes from the store
 * (the home page, search results, a newsroom publish reaching the ticker).
 * `test(title, PG_SMOKE, …)` or `test.describe(title, PG_SMOKE, …)` marks one.
 */
export const PG_SMOKE = { tag: '@pg' } as const;
