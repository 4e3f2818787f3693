/**
 * `npm run newsroom -- <command>` (scripts/newsroom.ts): the newsroom CLI.
 *
 * Commands are one table (`commands`); a new one is one entry. `token …`
 * works on the store directly (run it where the server runs, with its
 * DATA_DIR / DATABASE_URL); every other command calls the running site over
 * HTTP: `SITE_URL` (default http://localhost:4321) with the bearer token in
 * `NEWSROOM_TOKEN`.
 *
 * Exit codes: 0 done, 1 refused or failed (the server's message is printed),
 * 2 bad usage.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError } from '../config.ts';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

export interface CliCommand {
  /** The words that select it, e.g. ['token', 'create']. */
  words: string[];
  usage: string;
  summary: string;
  run: (args: string[], io: CliIo) => Promise<number>;
}

export class UsageError extends Error {}

/** parseArgs with the command's options; a usage error on anything unknown. */
export function parseOptions(
  args: string[],
  options: ParseArgsOptionsConfig,
  positionals = 0,
): { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: positionals > 0 });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument: ${parsed.positionals[positionals]}`);
  return parsed;
}

/* ---- HTTP to the running site ---- */

export interface SiteAnswer {
  status: number;
  body: { header?: { status?: string; code?: number; message?: string; errors?: Record<string, string[]> }; response?: unknown } | null;
}

/** Calls the newsroom API of the running site with NEWSROOM_TOKEN. */
export async function callSite(
  io: CliIo,
  method: string,
  path: string,
  body?: { type: string; data: string | Uint8Array<ArrayBuffer> },
): Promise<SiteAnswer> {
  const token = io.env.NEWSROOM_TOKEN;
  if (!token) throw new UsageError('set NEWSROOM_TOKEN to a newsroom token (npm run newsroom -- token create --name NAME)');
  const base = io.env.SITE_URL || 'http://localhost:4321';
  const url = new URL(path, base);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        // The site's messages in the operator's language (LANG=ar… for Arabic, else French).
        locale: /^ar/i.test(io.env.LANG ?? '') ? 'ar' : 'fr',
        ...(body ? { 'content-type': body.type } : {}),
      },
      ...(body ? { body: body.data } : {}),
    });
  } catch (error) {
    throw new Error(`cannot reach ${url.origin} (${(error as Error).cause ?? (error as Error).message}); is the site running? (SITE_URL)`, {
      cause: error,
    });
  }
  const text = await res.text();
  let parsed: SiteAnswer['body'] = null;
  try {
    parsed = JSON.parse(text) as SiteAnswer['body'];
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed };
}

/** Prints a refused answer's status, message and field errors; returns the exit code 1. */
export function reportRefusal(io: CliIo, answer: SiteAnswer): number {
  io.err(`refused: HTTP ${answer.status}${answer.body?.header?.message ? ` – ${answer.body.header.message}` : ''}`);
  for (const [field, messages] of Object.entries(answer.body?.header?.errors ?? {})) {
    for (const m of messages) io.err(`  ${field}: ${m}`);
  }
  return 1;
}

/* ---- the table ---- */

/**
 * A command table and its runner, for one program (`npm run <program> -- …`):
 * the newsroom's below, the desk's in src/server/desk/cli.ts.
 */
export function createCli(program: string) {
  const registry: CliCommand[] = [];

  function usage(): string {
    const width = Math.max(...registry.map((c) => c.usage.length));
    return [`usage: npm run ${program} -- <command>`, '', ...registry.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`)].join('\n');
  }

  /** Adds commands to the table (each module registers its own). */
  function register(...commands: CliCommand[]): void {
    registry.push(...commands);
  }

  async function run(argv: string[], io: CliIo): Promise<number> {
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      (argv.length === 0 ? io.err : io.out)(usage());
      return argv.length === 0 ? 2 : 0;
    }
    const command = [...registry]
      .sort((a, b) => b.words.length - a.words.length)
      .find((c) => c.words.every((w, i) => argv[i] === w));
    if (!command) {
      io.err(`unknown command: ${argv.join(' ')}\n\n${usage()}`);
      return 2;
    }
    try {
      return await command.run(argv.slice(command.words.length), io);
    } catch (error) {
      if (error instanceof UsageError) {
        io.err(`${error.message}\nusage: npm run ${program} -- ${command.usage}`);
        return 2;
      }
      io.err((error as Error).message);
      return 1;
    }
  }

  return { register, run };
}

/**
 * A CLI as a script's whole work: its commands on process.argv, console for
 * output, the exit code; a bad configuration says which variable (exit 2).
 */
export async function runMain(run: (argv: string[], io: CliIo) => Promise<number>): Promise<never> {
  try {
    process.exit(await run(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line), env: process.env }));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

const newsroomCli = createCli('newsroom');

/** Adds commands to the newsroom's table (each module registers its own: newsroom/cli-commands.ts…). */
export const registerCommands = newsroomCli.register;
export const runCli = newsroomCli.run;
