import { getDb } from '../db/index.ts';
import { createNewsroomRouter } from './router.ts';
import { newsroomRoutes } from './routes.ts';

/** Answers every /api/newsroom/… request (src/pages/api/newsroom/[...path].ts). */
export const handleNewsroom = createNewsroomRouter(newsroomRoutes, getDb);
