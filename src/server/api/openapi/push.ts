/** OpenAPI: Web Push subscriptions (src/server/push/handlers.ts). */
import { z } from 'zod';
import { subscriptionSchema } from '../../push/validation.ts';
import type { OpenApiModule, OpenApiTools } from '../openapi.ts';
import { operationId } from '../openapi.ts';

const unsubscribe = z.object({ endpoint: z.string(), keys: z.object({ auth: z.string() }) });

function post(t: OpenApiTools, path: string, summary: string, request: z.ZodType, answer: z.ZodType) {
  return {
    post: {
      operationId: operationId('post', path),
      summary,
      tags: ['Push'],
      parameters: [t.localeHeader],
      requestBody: { required: true, content: { 'application/json': { schema: t.schema(request, 'input') } } },
      responses: {
        '200': t.envelope(answer),
        '405': t.error('Not a POST'),
        '413': t.error('Body over 4 KB'),
        '415': t.error('Not JSON'),
        '422': t.error('Invalid fields: one message per field in header.errors'),
        '429': t.error('Too many requests from this address', { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } }),
        '500': t.error('Unexpected failure'),
      },
    },
  };
}

export const pushOpenApi: OpenApiModule = {
  tag: { name: 'Push', description: 'Breaking-news Web Push: the VAPID key and browser subscriptions.' },
  paths: (t) => ({
    '/api/push/key': {
      get: {
        operationId: operationId('get', '/api/push/key'),
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        tags: ['Push'],
        parameters: [t.localeHeader],
        responses: {
          '200': t.envelope(z.object({ publicKey: z.string().describe('base64url, 65-byte P-256 point') })),
          '405': t.error('Not a GET'),
          '500': t.error('Unexpected failure'),
        },
      },
    },
    '/api/push/subscribe': post(
      t,
      '/api/push/subscribe',
      "Stores a browser's push subscription (PushSubscription.toJSON() plus lang)",
      subscriptionSchema('fr', { allowLocal: false }),
      z.object({ subscribed: z.literal(true) }),
    ),
    '/api/push/unsubscribe': post(
      t,
      '/api/push/unsubscribe',
      "Removes a browser's push subscription (same answer whether it was stored or not)",
      unsubscribe,
      z.object({ unsubscribed: z.literal(true) }),
    ),
  }),
};
