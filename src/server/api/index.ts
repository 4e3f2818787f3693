import { createDispatcher } from './dispatch.ts';
import { buildOpenApi } from './openapi.ts';
import { apiRoutes } from './routes/index.ts';

export const dispatchApi = createDispatcher(apiRoutes);

let openApiCache: unknown;
export function openApiDocument(serverUrl: string): unknown {
  openApiCache ??= buildOpenApi(apiRoutes, serverUrl);
  return openApiCache;
}
export { apiRoutes };
