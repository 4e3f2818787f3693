/**
 * Structured logging with pino (ADR 013): JSON lines in production,
 * readable lines in development and tests (pino-pretty, in this thread: no
 * worker transport to bundle), at LOG_LEVEL.
 *
 * Nothing personal leaves in a log line: fields named like a secret or a
 * personal datum (password, token, cookie, authorization, email…) are
 * replaced by pino's redaction, and every message, error message and stack
 * is scrubbed of e-mail addresses, bearer tokens, cookies and secret-looking
 * query parameters (`scrub`).
 *
 * Each feature logs through a child of the process's logger,
 * `featureLogger('mail')`, whose lines carry `feature`; features are given
 * it (a `log` option or dependency, `Log`), so a test passes its own.
 * `installConsoleBridge()` sends console.* through the logger for the
 * output of libraries and of Astro, which log with console: the same
 * format, level, scrubbing and request id (ADR 051). The request id comes from `requestContext`
 * (AsyncLocalStorage, shared on globalThis by the front server and the
 * built site, which carry their own copies of this module).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Field names whose values never reach a log (any depth up to two). */
const SECRET_KEYS = ['password', 'passwd', 'token', 'accessToken', 'access_token', 'cookie', 'set-cookie', 'authorization', 'email', 'secret', 'apikey'];
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const dot = key.startsWith('[') ? key : `.${key}`;
  return [key, `*${dot}`, `*.*${dot}`];
});

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const COOKIE_PAIR = /\b(sid|__Host-sid|session|cookie)=([^;\s&]+)/gi;
const SECRET_PARAM = /([?&;\s](?:token|password|access_?token|code|key|secret|apikey)=)[^&\s#"']+/gi;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)[^@\s/]+@/gi;

/** The text with e-mail addresses, credentials and tokens replaced. */
export function scrub(text: string): string {
  return text
    .replace(URL_PASSWORD, '$1***@')
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [redacted]')
    .replace(COOKIE_PAIR, '$1=[redacted]')
    .replace(SECRET_PARAM, '$1[redacted]');
}

interface RequestContext {
  reqId: string;
}

const ALS_KEY = Symbol.for('2m.requestContext');
/** The request being served (its id), for every log line written while serving it. */
export const requestContext: AsyncLocalStorage<RequestContext> = ((globalThis as { [ALS_KEY]?: AsyncLocalStorage<RequestContext> })[ALS_KEY] ??=
  new AsyncLocalStorage<RequestContext>());

export function createLogger(opts: { level: LogLevel; pretty: boolean; destination?: NodeJS.WritableStream }): Logger {
  const options: pino.LoggerOptions = {
    level: opts.level,
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: () => {
      const ctx = requestContext.getStore();
      return ctx ? { reqId: ctx.reqId } : {};
    },
    serializers: {
      err: (e: unknown) => {
        const s = pino.stdSerializers.err(e as Error);
        return { ...s, message: scrub(String(s.message ?? '')), stack: scrub(String(s.stack ?? '')) };
      },
    },
    hooks: {
      // Messages (and format arguments) are scrubbed like error messages.
      logMethod(args, method) {
        const out = args.map((a) => (typeof a === 'string' ? scrub(a) : a));
        method.apply(this, out as Parameters<typeof method>);
      },
    },
  };
  if (opts.pretty) {
    return pino(options, pretty({ colorize: false, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: opts.destination ?? 1, sync: true }));
  }
  return pino(options, opts.destination ?? pino.destination({ dest: 1, sync: false }));
}

const LOGGER_KEY = Symbol.for('2m.logger');

/** The process's logger (one for both copies of this module), from LOG_LEVEL and NODE_ENV. */
export function getLogger(): Logger {
  const g = globalThis as { [LOGGER_KEY]?: Logger };
  if (!g[LOGGER_KEY]) {
    const level = (['debug', 'info', 'warn', 'error'] as const).find((l) => l === process.env.LOG_LEVEL) ?? 'info';
    g[LOGGER_KEY] = createLogger({ level, pretty: (process.env.NODE_ENV ?? 'production') !== 'production' });
  }
  return g[LOGGER_KEY];
}

/** What a feature logs through: the process's logger's child (`featureLogger`), or a test's. */
export type Log = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;

/** The process's logger with `feature` on every line ('mail', 'tracking', 'delivery'…). */
export function featureLogger(feature: string): Logger {
  return getLogger().child({ feature });
}

/** A logger that writes nothing: the default where logging is optional (a test's pool, purger…). */
export const silentLog: Log = pino({ level: 'silent' });

/** Sends console.log/info/warn/error/debug through the logger, for third-party output (idempotent). */
export function installConsoleBridge(logger: Logger = getLogger()): void {
  const g = globalThis as { [k: symbol]: unknown };
  const KEY = Symbol.for('2m.consoleBridge');
  if (g[KEY]) return;
  g[KEY] = true;
  const route = (level: 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const err = args.find((a): a is Error => a instanceof Error);
    const text = format(...args.map((a) => (a instanceof Error ? a.message : a)));
    if (err) logger[level]({ err }, text);
    else logger[level](text);
  };
  console.log = route('info');
  console.info = route('info');
  console.warn = route('warn');
  console.error = route('error');
  console.debug = route('debug');
}
