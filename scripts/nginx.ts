/**
 * Starts Debian's nginx with the project's deploy/nginx/2m.conf in front of
 * a running site (or several instances: an upstream of each), in a private
 * temporary prefix (used by tests/api/nginx.test.ts, tests/api/fail-over.test.ts
 * and `npm run bench:static`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, freePorts, root } from './test-server.ts';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export interface RunningNginx {
  /** e.g. http://127.0.0.1:4531 (https://… with `tls`) */
  base: string;
  /** With `tls`: the plain http listener, which redirects to `base`. */
  httpBase?: string;
  stop: () => Promise<void>;
}

function ping(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? httpsRequest : request)(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });
}

export async function startNginx(opts: {
  siteDir: string;
  /** host:port of the Node server, or of each instance (one upstream `server` line each). */
  upstream: string | string[];
  clientDir?: string;
  port?: number;
  workers?: number;
  /** The site's SITE_URL, for the security headers' snippet (scripts/security-headers.ts) and the Host nginx hands on (default: the first upstream's). */
  siteUrl?: string;
  /** More of the site's environment the security headers depend on (MEDIA_ORIGINS, LIVE_STREAM_URL…), as the Node server has it. */
  siteEnv?: Record<string, string>;
  /** nginx's server_name (default `127.0.0.1 localhost`): any other Host gets 400 from the default server. */
  serverName?: string;
  /**
   * Serve over TLS with deploy/nginx/2m-tls.conf: this certificate and key (PEM files), the
   * site on `port` over https, and a plain http listener on `httpPort` that redirects there.
   */
  tls?: { certificate: string; key: string; httpPort?: number };
}): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is missing (apt-get install nginx-light)');
  const prefix = mkdtempSync(path.join(tmpdir(), '2m-nginx-'));
  const port = opts.port ?? (await freePort());
  const base = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  // Two distinct free ports: at least one is not the site's own (a port taken alone may be handed out again).
  const httpPort = opts.tls ? (opts.tls.httpPort ?? (await freePorts(2)).find((p) => p !== port)) : undefined;
  const serverName = opts.serverName ?? '127.0.0.1 localhost';
  const tlsConf = opts.tls
    ? readFileSync(path.join(root, 'deploy/nginx/2m-tls.conf'), 'utf8')
        .replaceAll('{{HTTP_LISTEN}}', `127.0.0.1:${httpPort}`)
        .replaceAll('{{SERVER_NAME}}', serverName)
        .replaceAll('{{HTTPS_ORIGIN}}', base)
        .replaceAll('{{CERTIFICATE}}', opts.tls.certificate)
        .replaceAll('{{CERTIFICATE_KEY}}', opts.tls.key)
    : '';
  const site = readFileSync(path.join(root, 'deploy/nginx/2m.conf'), 'utf8')
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}${opts.tls ? ' ssl' : ''}`)
    .replaceAll('{{SERVER_NAME}}', serverName)
    .replaceAll('{{SITE_HOST}}', new URL(opts.siteUrl ?? `http://${[opts.upstream].flat()[0]!}`).host)
    .replaceAll('{{SITE_DIR}}', opts.siteDir)
    .replaceAll('{{CLIENT_DIR}}', opts.clientDir ?? path.join(root, 'dist/client'))
    // The upstream's `server` line, once per instance.
    .replace(/^\s*server \{\{UPSTREAM\}\}.*$/m, (line) => [opts.upstream].flat().map((u) => line.replace('{{UPSTREAM}}', u)).join('\n'))
    .replaceAll('{{UPSTREAM}}', [opts.upstream].flat()[0]!)
    .replaceAll('{{SECURITY_HEADERS}}', path.join(prefix, 'security-headers.conf'));
  // The security headers' snippet as an operator makes it, with the site's environment.
  const snippet = spawnSync(process.execPath, [path.join(root, 'scripts/security-headers.ts')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...opts.siteEnv, ...(opts.siteUrl ? { SITE_URL: opts.siteUrl } : {}), NODE_ENV: 'production' },
  });
  if (snippet.status !== 0) throw new Error(`scripts/security-headers.ts failed: ${snippet.stderr}`);
  writeFileSync(path.join(prefix, 'security-headers.conf'), snippet.stdout);
  if (/\{\{[A-Z_]+\}\}/.test(site + tlsConf)) throw new Error('deploy/nginx/2m.conf or 2m-tls.conf has a placeholder this script does not fill');
  writeFileSync(path.join(prefix, '2m.conf'), site);
  writeFileSync(path.join(prefix, '2m-tls.conf'), tlsConf);
  const mime = existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      // As root, workers would drop to "nobody", who cannot read the private temp folders.
      process.getuid?.() === 0 ? 'user root root;' : '',
      'daemon off;',
      `worker_processes ${opts.workers ?? 1};`,
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      mime,
      'default_type application/octet-stream;',
      'access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${prefix}/${t};`),
      `include ${prefix}/2m-tls.conf;`,
      `include ${prefix}/2m.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const stop = async () => {
    if (nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await ping(`${base}/favicon.svg`);
      return { base, ...(httpPort ? { httpBase: `http://127.0.0.1:${httpPort}` } : {}), stop };
    } catch {
      if (nginx.exitCode !== null || Date.now() > deadline) {
        const log = existsSync(`${prefix}/error.log`) ? readFileSync(`${prefix}/error.log`, 'utf8') : '';
        await stop();
        throw new Error(`nginx did not start:\n${stderr}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
