/**
 * `npm run desk -- <command>` (scripts/desk.ts): the desk's people, on the
 * store directly (run it where the server runs, with its DATA_DIR /
 * DATABASE_URL). The first admin comes from here:
 *
 *   npm run desk -- user create --email E --name N --role admin [--locale fr]
 *
 * prints a one-time sign-in link (24 hours) alone on its last line. Every
 * command is written to the desk's audit log as `cli:<os user>`.
 */
import os from 'node:os';
import { getConfig } from '../config.ts';
import { getStore } from '../db/index.ts';
import type { DeskRole } from '../db/schema.ts';
import type { Locale } from '../../i18n/locales.ts';
import { createCli, parseOptions, UsageError, type CliCommand } from '../newsroom/cli.ts';
import { deskAudit } from './audit.ts';
import { createDeskUser, DeskPeopleError, DESK_ROLES, findDeskUserByEmail, issueLink, linkUrl, listDeskUsers, LINK_HOURS } from './people.ts';
import { endUserSessions } from './sessions.ts';
import { resetTwoFactor } from './two-factor.ts';

const operator = () => `cli:${os.userInfo().username}`;

function emailOption(values: Record<string, unknown>): string {
  const email = values.email;
  if (typeof email !== 'string' || !email.trim()) throw new UsageError('--email is required');
  return email;
}

async function personByEmail(email: string) {
  const { db } = await getStore();
  const person = await findDeskUserByEmail(db, email);
  if (!person) throw new Error(`no desk user with e-mail ${email.trim().toLowerCase()}`);
  return { db, person };
}

const commands: CliCommand[] = [
  {
    words: ['user', 'create'],
    usage: 'user create --email E --name N --role journalist|editor|admin [--locale ar|fr]',
    summary: 'a desk user; prints their one-time sign-in link (24 h) on the last line',
    async run(args, io) {
      const { values } = parseOptions(args, { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, locale: { type: 'string' } });
      const email = emailOption(values);
      const name = values.name;
      const role = values.role;
      const locale = values.locale ?? 'ar';
      if (typeof name !== 'string' || !name.trim()) throw new UsageError('--name is required');
      if (typeof role !== 'string' || !(DESK_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role is one of ${DESK_ROLES.join(', ')}`);
      if (locale !== 'ar' && locale !== 'fr') throw new UsageError('--locale is ar or fr');
      const { db } = await getStore();
      try {
        const person = await createDeskUser(db, { email, name, role: role as DeskRole, locale: locale as Locale, createdBy: null });
        const { token, expiresAt } = await issueLink(db, person.id, 'first', null);
        await deskAudit(db, { user: null, actor: operator(), action: 'person.create', itemType: 'person', itemId: person.id, summary: person.email, after: { role: person.role } });
        io.err(`desk user ${person.email} (${person.role}) created. Their sign-in link works once, until ${expiresAt} (${LINK_HOURS} h):`);
        io.out(linkUrl(getConfig().SITE_URL, token));
        return 0;
      } catch (error) {
        if (error instanceof DeskPeopleError) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
    },
  },
  {
    words: ['user', 'link'],
    usage: 'user link --email E',
    summary: 'a new one-time sign-in link (a lost password); earlier links stop working',
    async run(args, io) {
      const { values } = parseOptions(args, { email: { type: 'string' } });
      const { db, person } = await personByEmail(emailOption(values));
      if (person.disabled_at) throw new Error(`${person.email} is disabled: enable them first (user enable)`);
      const { token, expiresAt } = await issueLink(db, person.id, person.password_hash ? 'reset' : 'first', null);
      await deskAudit(db, { user: null, actor: operator(), action: 'person.link', itemType: 'person', itemId: person.id, summary: person.email });
      io.err(`sign-in link for ${person.email}, valid once until ${expiresAt}:`);
      io.out(linkUrl(getConfig().SITE_URL, token));
      return 0;
    },
  },
  {
    words: ['user', 'list'],
    usage: 'user list',
    summary: 'the desk users: e-mail, name, role, two-factor, state',
    async run(args, io) {
      parseOptions(args, {});
      const { db } = await getStore();
      const people = await listDeskUsers(db);
      if (people.length === 0) io.err('no desk users yet (user create …)');
      for (const p of people) {
        io.out([p.email, p.name, p.role, p.twoFactor ? '2fa' : 'no-2fa', p.disabled ? 'disabled' : p.active ? 'active' : 'invited'].join('\t'));
      }
      return 0;
    },
  },
  ...(['disable', 'enable'] as const).map(
    (verb): CliCommand => ({
      words: ['user', verb],
      usage: `user ${verb} --email E`,
      summary: verb === 'disable' ? 'stop someone signing in; their sessions end at once' : 'let a disabled user sign in again',
      async run(args, io) {
        const { values } = parseOptions(args, { email: { type: 'string' } });
        const { db, person } = await personByEmail(emailOption(values));
        await db.updateTable('desk_users').set({ disabled_at: verb === 'disable' ? new Date().toISOString() : null }).where('id', '=', person.id).execute();
        const ended = verb === 'disable' ? await endUserSessions(db, person.id) : 0;
        await deskAudit(db, { user: null, actor: operator(), action: `person.${verb}`, itemType: 'person', itemId: person.id, summary: person.email, after: { endedSessions: ended } });
        io.out(`${person.email} ${verb}d`);
        return 0;
      },
    }),
  ),
  {
    words: ['user', 'reset-two-factor'],
    usage: 'user reset-two-factor --email E',
    summary: 'turn off their two-factor (set up again at the next sign-in); their sessions end',
    async run(args, io) {
      const { values } = parseOptions(args, { email: { type: 'string' } });
      const { db, person } = await personByEmail(emailOption(values));
      await resetTwoFactor(db, person.id);
      const ended = await endUserSessions(db, person.id);
      await deskAudit(db, { user: null, actor: operator(), action: 'person.two-factor-reset', itemType: 'person', itemId: person.id, summary: person.email, after: { endedSessions: ended } });
      io.out(`two-factor of ${person.email} reset`);
      return 0;
    },
  },
];

export const deskCli = createCli('desk');
deskCli.register(...commands);
