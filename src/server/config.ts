/**
 * Runtime configuration, read once from environment variables and validated
 * with zod. A bad value stops the process with a message naming the variable.
 */
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const httpUrl = z.url({ protocol: /^https?$/ });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(4321),
  /** Public origin of the site, used in canonical links, sitemaps and mails. */
  SITE_URL: httpUrl.default('http://localhost:4321'),
  /** Folder for the SQLite file, generated media, outbox, keys. */
  DATA_DIR: z.string().min(1).default('data'),
  /** postgres://… to use PostgreSQL instead of the embedded SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Seed demo content on start when the store is empty. */
  SEED_ON_START: bool.default(true),
  /** Newest articles per language pre-built as HTML at build time (0: none, all on demand). */
  PRERENDER_ARTICLES: z.coerce
    .number({ error: 'must be a whole number from 0' })
    .int('must be a whole number from 0')
    .min(0, 'must be a whole number from 0')
    .default(500),
  /** The broadcaster's HLS live stream; without it the built-in channel is used. */
  LIVE_STREAM_URL: httpUrl.optional(),
  /** Category ids used by the replay secondary navigation (Société, Sport). */
  REPLAY_SOCIETE_TAG_AR: z.coerce.number().int().positive().optional(),
  REPLAY_SOCIETE_TAG_FR: z.coerce.number().int().positive().optional(),
  REPLAY_SPORT_TAG_AR: z.coerce.number().int().positive().optional(),
  REPLAY_SPORT_TAG_FR: z.coerce.number().int().positive().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parse an environment; throws ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as in most .env conventions.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
