/** OpenAPI: the newsletter and contact forms (docs/product.md, Accounts and forms; src/server/forms/handlers.ts). */
import { z } from 'zod';
import { contactSchema, HONEYPOT_FIELD, newsletterSchema } from '../../forms/schemas.ts';
import type { OpenApiModule, OpenApiTools } from '../openapi.ts';
import { operationId } from '../openapi.ts';

const honeypot = { [HONEYPOT_FIELD]: z.string().optional().describe('must stay empty (filled: answered as a success, nothing stored)') };

function body(t: OpenApiTools, schema: z.ZodObject) {
  const s = t.schema(schema.extend(honeypot), 'input');
  return {
    required: true,
    content: {
      'application/json': { schema: s },
      'application/x-www-form-urlencoded': { schema: s },
      'multipart/form-data': { schema: s },
    },
  };
}

const accepted = z.object({ accepted: z.literal(true) }).meta({ id: 'FormAccepted' });

function formOperation(t: OpenApiTools, path: string, summary: string, schema: z.ZodObject) {
  return {
    post: {
      operationId: operationId('post', path),
      summary,
      tags: ['Forms'],
      parameters: [t.localeHeader],
      requestBody: body(t, schema),
      responses: {
        '200': t.envelope(accepted, 'Stored (header.message says so in the visitor\'s language)'),
        '405': t.error('Not a POST'),
        '413': t.error('Body over 64 KB'),
        '415': t.error('Not JSON nor a form body'),
        '422': t.error('Invalid fields: one message per field in header.errors'),
        '429': t.error('Too many submissions from this address', { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } }),
        '500': t.error('Could not be stored'),
      },
    },
  };
}

export const formsOpenApi: OpenApiModule = {
  tag: { name: 'Forms', description: 'Newsletter sign-up (double opt-in) and the contact form. Messages in the visitor\'s language; never 400.' },
  paths: (t) => ({
    '/api/newsletter/add-contact': formOperation(t, '/api/newsletter/add-contact', 'Newsletter sign-up: stores the address and mails a confirmation link', newsletterSchema('fr')),
    '/api/set-form': formOperation(t, '/api/set-form', 'Contact form: stored, then mailed to the newsroom', contactSchema('fr')),
  }),
};
