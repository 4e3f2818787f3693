/** Every /api route, in the order of docs/product.md, API. */
import type { RouteDef } from '../define.ts';
import { contentRoutes } from './content.ts';
import { videoRoutes } from './video.ts';

export const apiRoutes: readonly RouteDef[] = [...contentRoutes, ...videoRoutes] as unknown as RouteDef[];
