import { createDispatcher } from './dispatch.ts';
import { buildOpenApi } from './openapi.ts';
import { openApiModules } from './openapi-modules.ts';
import { apiRoutes } from './routes/index.ts';

export const dispatchApi = createDispatcher(apiRoutes);

const openApiCache = new Map<string, unknown>();
/** The OpenAPI document (built once per server URL). */
export function openApiDocument(serverUrl: string): unknown {
  let doc = openApiCache.get(serverUrl);
  if (!doc) {
    doc = buildOpenApi({ routes: apiRoutes, modules: openApiModules, serverUrl });
    openApiCache.set(serverUrl, doc);
  }
  return doc;
}
