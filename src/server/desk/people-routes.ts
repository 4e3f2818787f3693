/**
 * The admins' screens of the desk (docs/desk.md "People"), endpoints of the
 * desk router, for admins only:
 *
 *  - GET    /api/desk/people                        everyone, with role, two-factor, state
 *  - POST   /api/desk/people                        invite someone: a link mailed (24 h)
 *  - PUT    /api/desk/people/{id}                   name, role, language, disabled (which ends their sessions at once)
 *  - POST   /api/desk/people/{id}/link              mail a new sign-in link (a lost password)
 *  - POST   /api/desk/people/{id}/reset-two-factor  a lost phone and codes: set up again at the next sign-in
 *  - POST   /api/desk/people/{id}/end-sessions      sign them out everywhere
 *  - GET    /api/desk/audit                         the audit log, newest first
 *  - GET    /api/desk/tokens                        the newsroom API's bearer tokens
 *  - POST   /api/desk/tokens                        make one (shown once)
 *  - DELETE /api/desk/tokens/{name}                 revoke one
 */
import { z } from 'zod';
import type { DeskRole } from '../db/schema.ts';
import { createToken, listTokens, revokeToken, TokenError } from '../newsroom/auth.ts';
import * as m from '../../paraglide/messages.js';
import { readAudit } from './audit.ts';
import { idParam, readInput } from './input.ts';
import { deskLinkMail, queueDeskMail } from './mail.ts';
import { createDeskUser, DeskPeopleError, DESK_ROLES, findDeskUser, issueLink, linkUrl, listDeskUsers, personOf, type DeskUserRow } from './people.ts';
import { personOf as signedIn, type DeskContext, type DeskOutcome, type DeskRoute } from './router.ts';
import { endUserSessions } from './sessions.ts';
import { resetTwoFactor } from './two-factor.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';

const ADMIN: readonly DeskRole[] = ['admin'];
const personRef = { $ref: '#/components/schemas/DeskPerson' };

function roleName(role: DeskRole, locale: Locale): string {
  const o = { locale };
  return role === 'admin' ? m.desk_role_admin({}, o) : role === 'editor' ? m.desk_role_editor({}, o) : m.desk_role_journalist({}, o);
}

async function mailLink(ctx: DeskContext, person: DeskUserRow, kind: 'invite' | 'reset') {
  const me = signedIn(ctx);
  const { token, expiresAt } = await issueLink(ctx.db, person.id, kind, me.id);
  const mail = deskLinkMail({
    kind,
    lang: person.locale,
    to: person.email,
    name: person.name,
    inviter: me.name,
    role: roleName(person.role, person.locale),
    url: linkUrl(ctx.siteUrl, token),
    expiresAt,
  });
  return queueDeskMail(ctx.db, mail, person.id);
}

async function target(ctx: DeskContext): Promise<DeskUserRow | DeskOutcome> {
  const id = idParam(ctx.params.id);
  const person = id === null ? undefined : await findDeskUser(ctx.db, id);
  return person ?? { status: 404 };
}

const isOutcome = (v: DeskUserRow | DeskOutcome): v is DeskOutcome => 'status' in v;

const personInput = z.object({
  email: z.string().trim().min(3).max(254),
  name: z.string().trim().min(2).max(80),
  role: z.enum(['journalist', 'editor', 'admin']),
  locale: z.enum(LOCALES),
});

export const peopleRoutes: DeskRoute[] = [
  {
    method: 'GET',
    path: '/api/desk/people',
    access: 'signed-in',
    roles: ADMIN,
    doc: { summary: 'Everyone who uses the desk', response: { type: 'array', items: personRef }, codes: { '200': 'The people' } },
    async handler(ctx) {
      return { status: 200, response: await listDeskUsers(ctx.db) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/people',
    access: 'signed-in',
    roles: ADMIN,
    doc: {
      summary: 'Invite someone: their account, and a one-time sign-in link (24 h) mailed to them',
      body: { 'application/json': { type: 'object', required: ['email', 'name', 'role', 'locale'], properties: { email: { type: 'string' }, name: { type: 'string' }, role: { enum: DESK_ROLES }, locale: { enum: LOCALES } } } },
      response: personRef,
      codes: { '201': 'Invited (the mail is queued)', '409': 'That e-mail already has an account', '422': 'A field is refused' },
    },
    async handler(ctx) {
      const input = await readInput(ctx, personInput);
      if (!input.ok) return input.outcome;
      let person: DeskUserRow;
      try {
        person = await createDeskUser(ctx.db, { ...input.value, createdBy: signedIn(ctx).id });
      } catch (error) {
        if (!(error instanceof DeskPeopleError)) throw error;
        const o = { locale: ctx.locale };
        return error.code === 'email-taken'
          ? { status: 409, errors: { email: [m.desk_err_email_taken({}, o)] } }
          : { status: 422, errors: { email: [m.desk_err_field_invalid({}, o)] } };
      }
      const delivery = await mailLink(ctx, person, 'invite');
      await ctx.audit({ action: 'person.invite', itemType: 'person', itemId: person.id, summary: person.email, after: { role: person.role, locale: person.locale, mail: delivery.status } });
      return { status: 201, response: personOf(person) };
    },
  },
  {
    method: 'PUT',
    path: '/api/desk/people/{id}',
    access: 'signed-in',
    roles: ADMIN,
    doc: {
      summary: "Change someone's name, role or language, or disable them (their sessions end at once) or enable them again",
      body: { 'application/json': { type: 'object', properties: { name: { type: 'string' }, role: { enum: DESK_ROLES }, locale: { enum: LOCALES }, disabled: { type: 'boolean' } } } },
      response: personRef,
      codes: { '200': 'Changed', '404': 'Unknown person', '409': 'Admins cannot disable themselves or take away their own admin role', '422': 'A field is refused' },
    },
    async handler(ctx) {
      const person = await target(ctx);
      if (isOutcome(person)) return person;
      const input = await readInput(ctx, personInput.omit({ email: true }).partial().extend({ disabled: z.boolean().optional() }));
      if (!input.ok) return input.outcome;
      const me = signedIn(ctx);
      const v = input.value;
      if (person.id === me.id && (v.disabled === true || (v.role !== undefined && v.role !== 'admin'))) {
        return { status: 409, message: m.desk_err_self_demote({}, { locale: ctx.locale }) };
      }
      const before = personOf(person);
      const row = await ctx.db
        .updateTable('desk_users')
        .set({
          ...(v.name !== undefined ? { name: v.name } : {}),
          ...(v.role !== undefined ? { role: v.role } : {}),
          ...(v.locale !== undefined ? { locale: v.locale } : {}),
          ...(v.disabled !== undefined ? { disabled_at: v.disabled ? (person.disabled_at ?? new Date().toISOString()) : null } : {}),
        })
        .where('id', '=', person.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // Disabled: signed out at once, everywhere. A new role: its rights apply from the next request (the session reads the row).
      const ended = v.disabled ? await endUserSessions(ctx.db, person.id) : 0;
      const after = personOf(row);
      await ctx.audit({
        action: v.disabled === true ? 'person.disable' : v.disabled === false ? 'person.enable' : 'person.update',
        itemType: 'person',
        itemId: person.id,
        summary: person.email,
        before: { name: before.name, role: before.role, locale: before.locale, disabled: before.disabled },
        after: { name: after.name, role: after.role, locale: after.locale, disabled: after.disabled, endedSessions: ended },
      });
      return { status: 200, response: after };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/people/{id}/link',
    access: 'signed-in',
    roles: ADMIN,
    doc: { summary: 'Mail a new one-time sign-in link (24 h): a lost password, or an invitation that expired', response: personRef, codes: { '200': 'Queued', '404': 'Unknown person', '409': 'The person is disabled' } },
    async handler(ctx) {
      const person = await target(ctx);
      if (isOutcome(person)) return person;
      if (person.disabled_at) return { status: 409, message: m.desk_err_person_disabled({}, { locale: ctx.locale }) };
      const delivery = await mailLink(ctx, person, person.password_hash ? 'reset' : 'invite');
      await ctx.audit({ action: 'person.link', itemType: 'person', itemId: person.id, summary: person.email, after: { mail: delivery.status } });
      return { status: 200, response: personOf(person) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/people/{id}/reset-two-factor',
    access: 'signed-in',
    roles: ADMIN,
    doc: { summary: "Turn off someone's two-factor (a lost phone and codes): they set it up again at their next sign-in; their sessions end", response: personRef, codes: { '200': 'Reset', '404': 'Unknown person' } },
    async handler(ctx) {
      const person = await target(ctx);
      if (isOutcome(person)) return person;
      await resetTwoFactor(ctx.db, person.id);
      const ended = await endUserSessions(ctx.db, person.id, person.id === signedIn(ctx).id ? ctx.session!.tokenHash : undefined);
      await ctx.audit({ action: 'person.two-factor-reset', itemType: 'person', itemId: person.id, summary: person.email, before: { twoFactor: person.totp_enabled_at !== null }, after: { twoFactor: false, endedSessions: ended } });
      return { status: 200, response: personOf((await findDeskUser(ctx.db, person.id))!) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/people/{id}/end-sessions',
    access: 'signed-in',
    roles: ADMIN,
    doc: { summary: 'Sign someone out everywhere', response: { type: 'object', required: ['ended'], properties: { ended: { type: 'integer' } } }, codes: { '200': 'Ended', '404': 'Unknown person' } },
    async handler(ctx) {
      const person = await target(ctx);
      if (isOutcome(person)) return person;
      const ended = await endUserSessions(ctx.db, person.id, person.id === signedIn(ctx).id ? ctx.session!.tokenHash : undefined);
      await ctx.audit({ action: 'person.end-sessions', itemType: 'person', itemId: person.id, summary: person.email, after: { ended } });
      return { status: 200, response: { ended } };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/audit',
    access: 'signed-in',
    roles: ADMIN,
    doc: {
      summary: 'The audit log, newest first, 50 a page',
      query: {
        person: { description: 'Only this person’s actions (id)' },
        action: { description: 'Only this action (story.publish…)' },
        itemType: { description: 'Only items of this kind (story, person, media, token)' },
        itemId: { description: 'Only this item' },
        before: { description: 'The page after this entry id (the previous answer’s next)' },
      },
      response: {
        type: 'object',
        required: ['items', 'next'],
        properties: {
          items: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'at', 'actor', 'action'],
              properties: {
                id: { type: 'integer' },
                at: { type: 'string', format: 'date-time' },
                userId: { type: ['integer', 'null'] },
                actor: { type: 'string' },
                action: { type: 'string' },
                itemType: { type: ['string', 'null'] },
                itemId: { type: ['string', 'null'] },
                summary: { type: ['string', 'null'] },
                before: {},
                after: {},
                address: { type: ['string', 'null'] },
              },
            },
          },
          next: { type: ['integer', 'null'] },
        },
      },
      codes: { '200': 'A page of the log' },
    },
    async handler(ctx) {
      const q = ctx.url.searchParams;
      const person = idParam(q.get('person') ?? undefined);
      const before = idParam(q.get('before') ?? undefined);
      const text = (k: string) => q.get(k)?.trim().slice(0, 100) || undefined;
      const filter = {
        ...(person !== null ? { userId: person } : {}),
        ...(before !== null ? { before } : {}),
        ...(text('action') ? { action: text('action')! } : {}),
        ...(text('itemType') ? { itemType: text('itemType')! } : {}),
        ...(text('itemId') ? { itemId: text('itemId')! } : {}),
      };
      return { status: 200, response: await readAudit(ctx.db, filter) };
    },
  },
  {
    method: 'GET',
    path: '/api/desk/tokens',
    access: 'signed-in',
    roles: ADMIN,
    doc: {
      summary: 'The newsroom API’s bearer tokens (names and dates, never the tokens)',
      response: {
        type: 'array',
        items: { type: 'object', required: ['name', 'createdAt'], properties: { name: { type: 'string' }, createdAt: { type: 'string' }, revokedAt: { type: ['string', 'null'] }, lastUsedAt: { type: ['string', 'null'] } } },
      },
      codes: { '200': 'The tokens' },
    },
    async handler(ctx) {
      return { status: 200, response: await listTokens(ctx.db) };
    },
  },
  {
    method: 'POST',
    path: '/api/desk/tokens',
    access: 'signed-in',
    roles: ADMIN,
    doc: {
      summary: 'Make a newsroom API token (shown only in this answer)',
      body: { 'application/json': { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
      response: { type: 'object', required: ['name', 'token'], properties: { name: { type: 'string' }, token: { type: 'string' } } },
      codes: { '201': 'Made', '422': 'The name is refused or taken' },
    },
    async handler(ctx) {
      const input = await readInput(ctx, z.object({ name: z.string().trim().min(1).max(64) }));
      if (!input.ok) return input.outcome;
      try {
        const token = await createToken(ctx.db, input.value.name);
        await ctx.audit({ action: 'token.create', itemType: 'token', itemId: input.value.name });
        return { status: 201, response: { name: input.value.name, token } };
      } catch (error) {
        if (error instanceof TokenError) return { status: 422, errors: { name: [m.desk_err_token_name({}, { locale: ctx.locale })] } };
        throw error;
      }
    },
  },
  {
    method: 'DELETE',
    path: '/api/desk/tokens/{name}',
    access: 'signed-in',
    roles: ADMIN,
    doc: { summary: 'Revoke a newsroom API token at once', response: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } }, codes: { '200': 'Revoked (or already)', '404': 'Unknown token' } },
    async handler(ctx) {
      const name = ctx.params.name ?? '';
      const result = await revokeToken(ctx.db, name);
      if (result === 'unknown') return { status: 404 };
      await ctx.audit({ action: 'token.revoke', itemType: 'token', itemId: name, after: { result } });
      return { status: 200, response: { name } };
    },
  },
];
