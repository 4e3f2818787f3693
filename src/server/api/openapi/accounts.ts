/** OpenAPI: the account endpoints (docs/product.md, Accounts and forms; src/server/accounts/handlers.ts). */
import { z } from 'zod';
import { ACCOUNT_LIMITS } from '../../accounts/validation.ts';
import type { OpenApiModule, OpenApiTools } from '../openapi.ts';
import { operationId } from '../openapi.ts';

const userShape = z.object({ id: z.number().int(), name: z.string(), email: z.string() }).meta({ id: 'User' });

const signUp = z.object({
  date: z.string().describe('birth date, YYYY-MM-DD; age 13 to 120'),
  sexe: z.enum(['H', 'F']).optional().describe('H (default) or F'),
  name: z.string().min(ACCOUNT_LIMITS.nameMin).max(ACCOUNT_LIMITS.name),
  email: z.string().max(ACCOUNT_LIMITS.email),
  password: z.string().min(ACCOUNT_LIMITS.passwordMin).max(ACCOUNT_LIMITS.password),
});
const signIn = z.object({
  username: z.string().max(ACCOUNT_LIMITS.email).describe('the e-mail address'),
  password: z.string().max(ACCOUNT_LIMITS.password),
});
const passwordChange = z.object({
  current: z.string().max(ACCOUNT_LIMITS.password).describe('the password in use'),
  password: z.string().min(ACCOUNT_LIMITS.passwordMin).max(ACCOUNT_LIMITS.password).describe('the new password'),
});
const profileChange = z.object({ public: z.enum(['0', '1']).describe('1: the member page is shown to everyone; 0: it answers 404') });
const memberSettings = z
  .object({ memberId: z.string().describe('the opaque id of the member page, /{lang}/user/u/{memberId}'), profilePublic: z.boolean() })
  .meta({ id: 'MemberSettings' });
const facebook = z.object({ accessToken: z.string().max(4096).describe('the access token the Facebook SDK gave the browser') });

const SET_COOKIE = { 'Set-Cookie': { description: 'The session cookie (HttpOnly, SameSite=Lax)', schema: { type: 'string' } } };

function form(t: OpenApiTools, schema: z.ZodType) {
  const s = t.schema(schema, 'input');
  return {
    required: true,
    content: { 'application/x-www-form-urlencoded': { schema: s }, 'multipart/form-data': { schema: s } },
  };
}

export const accountsOpenApi: OpenApiModule = {
  tag: { name: 'Account', description: 'Sign-up, sign-in, sign-out and the signed-in user (docs/product.md, Accounts and forms). Never 400; answers are private, no-store.' },
  paths: (t) => {
    const common = {
      '405': t.error('Wrong method'),
      '413': t.error('Body too large'),
      '415': t.error('Not a form body'),
      '422': t.error('Invalid fields: one message per field in header.errors'),
      '429': t.error('Too many attempts', { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } }),
      '500': t.error('Unexpected failure'),
    };
    const op = (path: string, method: 'get' | 'post', rest: Record<string, unknown>) => ({
      operationId: operationId(method, path),
      tags: ['Account'],
      parameters: [t.localeHeader],
      ...rest,
    });
    return {
      '/api/account/registeration': {
        post: op('/api/account/registeration', 'post', {
          summary: "Sign-up (the original site's spelling): creates the account and signs in",
          requestBody: form(t, signUp),
          responses: { '201': t.envelope(userShape, 'Created and signed in', SET_COOKIE), '409': t.error('E-mail already used'), ...common },
        }),
      },
      '/api/account/login': {
        post: op('/api/account/login', 'post', {
          summary: 'Sign-in with e-mail and password',
          requestBody: form(t, signIn),
          responses: { '200': t.envelope(userShape, 'Signed in', SET_COOKIE), '401': t.error('Wrong e-mail or password'), ...common },
        }),
      },
      '/api/account/logout': {
        post: op('/api/account/logout', 'post', {
          summary: 'Sign-out: ends the session and clears its cookie',
          security: t.optionalSession,
          responses: { '200': t.envelope(z.null(), 'Signed out', SET_COOKIE), '405': common['405'], '500': common['500'] },
        }),
      },
      '/api/account/logout-all': {
        post: op('/api/account/logout-all', 'post', {
          summary: 'Sign out everywhere: ends every session of the user, this one included',
          security: t.session,
          responses: { '200': t.envelope(z.null(), 'Every session ended', SET_COOKIE), '401': t.error('Not signed in'), '405': common['405'], '500': common['500'] },
        }),
      },
      '/api/account/password': {
        post: op('/api/account/password', 'post', {
          summary: 'Password change: checks the current password, stores the new one and ends every other session',
          security: t.session,
          requestBody: form(t, passwordChange),
          responses: {
            '200': t.envelope(userShape, 'Changed'),
            '401': t.error('Not signed in'),
            '403': t.error('Wrong current password'),
            '409': t.error('An account without a password (Facebook)'),
            ...common,
          },
        }),
      },
      '/api/account/profile': {
        get: op('/api/account/profile', 'get', {
          summary: "The member page's settings",
          security: t.session,
          responses: { '200': t.envelope(memberSettings, 'The settings'), '401': t.error('Not signed in'), '405': common['405'], '500': common['500'] },
        }),
        post: op('/api/account/profile', 'post', {
          summary: 'Shows or hides the member page',
          security: t.session,
          requestBody: form(t, profileChange),
          responses: { '200': t.envelope(memberSettings, 'Saved'), '401': t.error('Not signed in'), ...common },
        }),
      },
      '/api/account/me': {
        get: op('/api/account/me', 'get', {
          summary: 'The signed-in user, or null',
          security: t.optionalSession,
          responses: { '200': t.envelope(userShape.nullable(), 'The user, or null without a valid session'), '405': common['405'], '500': common['500'] },
        }),
      },
      '/api/account/auth-fb': {
        post: op('/api/account/auth-fb', 'post', {
          summary: 'Social login: the Facebook access token, verified server-side',
          requestBody: form(t, facebook),
          responses: {
            '200': t.envelope(userShape, 'Signed in', SET_COOKIE),
            '201': t.envelope(userShape, 'Account created and signed in', SET_COOKIE),
            '401': t.error('Token refused by Facebook'),
            '409': t.error('E-mail of a password account'),
            '502': t.error('Facebook unreachable'),
            '503': t.error('Social login not configured'),
            ...common,
          },
        }),
      },
    };
  },
};
