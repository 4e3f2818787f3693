/**
 * The desk's CLI: npm run desk -- <command> (src/server/desk/cli.ts;
 * `npm run desk -- help` lists the commands).
 */
import { runMain } from '../src/server/newsroom/cli.ts';
import { deskCli } from '../src/server/desk/cli.ts';

await runMain(deskCli.run);
