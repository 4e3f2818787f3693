/**
 * The desk's CLI: npm run desk -- <command> (src/server/desk/cli.ts;
 * `npm run desk -- help` lists the commands).
 */
import { ConfigError } from '../src/server/config.ts';
import { deskCli } from '../src/server/desk/cli.ts';

try {
  const code = await deskCli.run(process.argv.slice(2), {
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
