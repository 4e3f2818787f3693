/**
 * Serves an existing build: the front server with pre-built pages in front
 * of the built Astro handler (src/server/delivery/serve.ts). `npm start`
 * prepares the store and the build first; this only serves.
 *
 *   node scripts/serve.ts [--dist dist]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, getConfig } from '../src/server/config.ts';
import { StoreError } from '../src/server/db/index.ts';
import { serveSite } from '../src/server/delivery/serve.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });

try {
  await serveSite({ distDir: path.resolve(values.dist), config: getConfig() });
} catch (err) {
  // Plain text on stderr, whatever the logger: the operator reads it where the start failed.
  process.stderr.write(`${err instanceof ConfigError || err instanceof StoreError ? err.message : String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
}
