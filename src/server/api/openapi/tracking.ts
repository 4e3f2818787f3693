/** OpenAPI: play and click statistics (docs/product.md, Content, Play logging; src/server/tracking/). */
import { z } from 'zod';
import { clickEventSchema, playEventSchema, TRACKING_LIMITS } from '../../tracking/schema.ts';
import type { OpenApiModule } from '../openapi.ts';
import { operationId } from '../openapi.ts';

export const trackingOpenApi: OpenApiModule = {
  tag: { name: 'Statistics', description: 'Video plays and link clicks, validated field by field and written in batches.' },
  paths: (t) => {
    const now = Date.now();
    const play = playEventSchema(now).meta({ id: 'PlayEvent' });
    const click = clickEventSchema(now).meta({ id: 'ClickEvent' });
    const event = z.union([play, click]);
    const body = t.schema(z.union([event, z.array(event).min(1).max(TRACKING_LIMITS.batchEvents)]), 'input');
    return {
      '/tracking/clicks.php': {
        post: {
          operationId: operationId('post', '/tracking/clicks.php'),
          summary: `One play or click event, or a batch of up to ${TRACKING_LIMITS.batchEvents} (text/plain is read as JSON too: sendBeacon)`,
          tags: ['Statistics'],
          parameters: [t.localeHeader],
          requestBody: { required: true, content: { 'application/json': { schema: body }, 'text/plain': { schema: { type: 'string' } } } },
          responses: {
            '204': { description: 'Accepted (stored within about a quarter second)' },
            '405': t.error('Not a POST'),
            '413': t.error('Body over 8 KB'),
            '415': t.error('Neither JSON nor text'),
            '422': t.error('Invalid event: problems per field in header.errors'),
            '429': t.error('Too many events from this address', { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } }),
            '500': t.error('Unexpected failure'),
          },
        },
      },
    };
  },
};
