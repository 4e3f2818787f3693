/**
 * Work to finish before the process exits (flush queued tracking events,
 * close the store). The registry lives on globalThis because the built site
 * (dist/server, its own copy of these modules) and the front server
 * (src/server/delivery) run in one process: both must see the same list.
 * The front server (src/server/delivery/serve.ts) runs the hooks on SIGTERM
 * and SIGINT, after it stops accepting connections.
 */
import { featureLogger, type Log } from './log.ts';

type Hook = () => Promise<void> | void;

const KEY = Symbol.for('2m.shutdownHooks');

function hooks(): Map<string, Hook> {
  const g = globalThis as { [KEY]?: Map<string, Hook> };
  g[KEY] ??= new Map();
  return g[KEY];
}

/** Registers (or replaces, by name) a hook run once at shutdown. */
export function onShutdown(name: string, hook: Hook): void {
  hooks().set(name, hook);
}

/** Runs every hook (each bounded by timeoutMs); never rejects. */
export async function runShutdownHooks(timeoutMs = 5000, log: Log = featureLogger('shutdown')): Promise<void> {
  const all = [...hooks()];
  hooks().clear();
  await Promise.all(
    all.map(async ([name, hook]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(hook),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
      } catch (err) {
        log.error({ err }, `shutdown hook ${name} failed`);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}
