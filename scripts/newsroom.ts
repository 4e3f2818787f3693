/**
 * The newsroom CLI (ADR 011): npm run newsroom -- <command>
 * (src/server/newsroom/cli.ts; `npm run newsroom -- help` lists the commands).
 */
import { registerCommands, runCli, runMain } from '../src/server/newsroom/cli.ts';
import { contentCommands } from '../src/server/newsroom/cli-content.ts';
import { tokenCommands } from '../src/server/newsroom/cli-tokens.ts';
import { broadcastCommands } from '../src/server/broadcast/cli.ts';

registerCommands(...tokenCommands, ...contentCommands);
registerCommands(...broadcastCommands);

await runMain(runCli);
