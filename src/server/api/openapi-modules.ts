/**
 * The OpenAPI descriptions of the endpoints outside the /api route
 * registry. To describe a new area, write an `OpenApiModule`
 * (src/server/api/openapi.ts) and add one line here.
 */
import type { OpenApiModule } from './openapi.ts';
import { accountsOpenApi } from './openapi/accounts.ts';
import { adsOpenApi } from './openapi/ads.ts';
import { filesOpenApi } from './openapi/files.ts';
import { formsOpenApi } from './openapi/forms.ts';
import { pushOpenApi } from './openapi/push.ts';
import { trackingOpenApi } from './openapi/tracking.ts';
import { widgetsOpenApi } from './openapi/widgets.ts';
import { broadcastOpenApi } from '../broadcast/openapi.ts';
import { newsroomOpenApi } from '../newsroom/openapi.ts';
import { deskOpenApi } from '../desk/openapi.ts';

export const openApiModules: readonly OpenApiModule[] = [
  accountsOpenApi,
  formsOpenApi,
  pushOpenApi,
  trackingOpenApi,
  widgetsOpenApi,
  adsOpenApi,
  filesOpenApi,
  newsroomOpenApi,
  broadcastOpenApi,
  deskOpenApi,
];
