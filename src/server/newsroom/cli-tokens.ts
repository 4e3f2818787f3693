/** `token create|list|revoke`: the newsroom's tokens, on the store directly (src/server/newsroom/auth.ts). */
import { getStore } from '../db/index.ts';
import { audit, createToken, listTokens, revokeToken, TokenError } from './auth.ts';
import { parseOptions, UsageError, type CliCommand } from './cli.ts';
import os from 'node:os';

const operator = () => `cli:${os.userInfo().username}`;

export const tokenCommands: CliCommand[] = [
  {
    words: ['token', 'create'],
    usage: 'token create --name NAME',
    summary: 'make a bearer token; printed once, alone on the last line',
    async run(args, io) {
      const { values } = parseOptions(args, { name: { type: 'string' } });
      const name = values.name;
      if (typeof name !== 'string') throw new UsageError('--name is required');
      const { db } = await getStore();
      try {
        const token = await createToken(db, name);
        await audit(db, { token: operator(), action: 'token.create', item: name, outcome: 201 });
        io.err(`token "${name}" created; it is shown only now, keep it secret (send it as Authorization: Bearer …):`);
        io.out(token);
        return 0;
      } catch (error) {
        if (error instanceof TokenError) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
    },
  },
  {
    words: ['token', 'list'],
    usage: 'token list',
    summary: 'the tokens, with when they were made, last used, revoked',
    async run(args, io) {
      parseOptions(args, {});
      const { db } = await getStore();
      const tokens = await listTokens(db);
      if (tokens.length === 0) io.err('no tokens yet (token create --name NAME)');
      for (const t of tokens) {
        io.out(
          [t.name, t.revokedAt ? 'revoked' : 'live', `created ${t.createdAt}`, `last used ${t.lastUsedAt ?? 'never'}`, ...(t.revokedAt ? [`revoked ${t.revokedAt}`] : [])].join('\t'),
        );
      }
      return 0;
    },
  },
  {
    words: ['token', 'revoke'],
    usage: 'token revoke NAME',
    summary: 'revoke a token at once (its calls get 401)',
    async run(args, io) {
      const { positionals } = parseOptions(args, {}, 1);
      const name = positionals[0];
      if (!name) throw new UsageError('the token name is required');
      const { db } = await getStore();
      const result = await revokeToken(db, name);
      await audit(db, { token: operator(), action: 'token.revoke', item: name, outcome: result === 'revoked' ? 200 : 404 });
      if (result === 'unknown') {
        io.err(`no token named "${name}"`);
        return 1;
      }
      io.out(result === 'revoked' ? `token "${name}" revoked` : `token "${name}" was already revoked`);
      return 0;
    },
  },
];
