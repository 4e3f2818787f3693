import { createDispatcher } from './dispatch.ts';
import { buildOpenApi } from './openapi.ts';
import { openApiModules } from './openapi-modules.ts';
import { apiRoutes } from './routes/index.ts';
import { withNewsroomApi } from '../newsroom/openapi.ts';
import { broadcastOpenApiPaths, NEWSROOM_SECURITY, newsroomSecurityScheme } from '../broadcast/openapi.ts';

export const dispatchApi = createDispatcher(apiRoutes);

const openApiCache = new Map<string, unknown>();
/** The OpenAPI document (built once per server URL). */
export function openApiDocument(serverUrl: string): unknown {
  let doc = openApiCache.get(serverUrl);
  if (!doc) {
    doc = withNewsroomApi(withNewsroom(buildOpenApi({ routes: apiRoutes, modules: openApiModules, serverUrl }) as Record<string, unknown>));
    openApiCache.set(serverUrl, doc);
  }
  return doc;
}

/** Adds the newsroom's endpoints (bearer-authenticated, their own router: ADR 011). */
function withNewsroom(doc: Record<string, unknown>): Record<string, unknown> {
  const components = (doc.components ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...doc,
    paths: { ...(doc.paths as Record<string, unknown>), ...broadcastOpenApiPaths() },
    components: { ...components, securitySchemes: { ...components.securitySchemes, [NEWSROOM_SECURITY]: newsroomSecurityScheme } },
  };
}
export { apiRoutes };
