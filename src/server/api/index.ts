import { createDispatcher } from './dispatch.ts';
import { buildOpenApi } from './openapi.ts';
import { apiRoutes } from './routes/index.ts';
import { withNewsroomApi } from '../newsroom/openapi.ts';

export const dispatchApi = createDispatcher(apiRoutes);

let openApiCache: unknown;
export function openApiDocument(serverUrl: string): unknown {
  openApiCache ??= withNewsroomApi(buildOpenApi(apiRoutes, serverUrl));
  return openApiCache;
}
export { apiRoutes };
