import type { APIRoute } from 'astro';
import { handlePushKey } from '../../../server/push/index.ts';

/** The VAPID public key browsers subscribe with (ADR 007): src/server/push. */
export const ALL: APIRoute = ({ request }) => handlePushKey(request);
