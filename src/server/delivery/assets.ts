/**
 * The front server's build assets: the hashed files under /_astro/ (they
 * never change), read once, compressed once (http-cache.ts `compressAsset`)
 * and answered from memory, immutable, with an ETag and the twin the
 * visitor accepts. Any other name (a path, a dot file, a type not listed)
 * is not ours: it goes on to the handler behind.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { cachedFile, compressAsset, sendCachedFile, type ByteLru, type CachedFile } from './http-cache.ts';

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.json': 'application/json',
  '.map': 'application/json',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.map']);
/** Hashed files under /_astro/ never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PREFIX = '/_astro/';

/** Answers GET/HEAD of a build asset (`pathname` under /_astro/) from `files`; false when it is not one. */
export type AssetServer = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>;

export function createAssetServer(clientDir: string, files: ByteLru<CachedFile>): AssetServer {
  const assetsDir = path.join(clientDir, '_astro');
  return async (req, res, pathname) => {
    if (!pathname.startsWith(PREFIX)) return false;
    const name = pathname.slice(PREFIX.length);
    const ext = path.extname(name);
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.') || !(ext in ASSET_TYPES)) return false;
    const key = `asset:${name}`;
    let file = files.get(key);
    if (!file) {
      try {
        const body = await readFile(path.join(assetsDir, name));
        file = cachedFile(body, (await compressAsset(body, COMPRESSIBLE.has(ext))) ?? {});
      } catch {
        return false;
      }
      files.set(key, file);
    }
    sendCachedFile(req, res, file, { 'Content-Type': ASSET_TYPES[ext]!, 'Cache-Control': IMMUTABLE });
    return true;
  };
}
