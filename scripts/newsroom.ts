/**
 * The newsroom CLI (ADR 011): npm run newsroom -- <command>
 * (src/server/newsroom/cli.ts; `npm run newsroom -- help` lists the commands).
 */
import { ConfigError } from '../src/server/config.ts';
import { registerCommands, runCli } from '../src/server/newsroom/cli.ts';
import { contentCommands } from '../src/server/newsroom/cli-content.ts';
import { tokenCommands } from '../src/server/newsroom/cli-tokens.ts';
import { broadcastCommands } from '../src/server/broadcast/cli.ts';

registerCommands(...tokenCommands, ...contentCommands);
registerCommands(...broadcastCommands);

try {
  const code = await runCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
  });
  process.exit(code);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
