/**
 * The folder of pre-built pages (ADR 005), shared by the pre-build job
 * (writer), our front server and nginx (readers):
 *
 *   <siteDir>/builds/<id>/pages/<path>/index.html   (+ .gz and .br)
 *   <siteDir>/builds/<id>/manifest.json              what was built, with the headers to send
 *   <siteDir>/current -> builds/<id>                 the build being served
 *
 * A new build is written into a new folder and `current` is replaced by one
 * rename(2), which is atomic: a reader sees the old build or the new one,
 * never a mix, and never nothing. Readers resolve `current` once per request.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface PageHeaders {
  'content-type': string;
  'cache-control'?: string;
  'content-language'?: string;
}

export interface BuildManifest {
  id: string;
  /** ISO time the build started. */
  builtAt: string;
  /** Decoded path ("/fr/sport/un-titre") → headers of the rendered page. */
  pages: Record<string, PageHeaders>;
}

export const CURRENT = 'current';
export const BUILDS = 'builds';
export const PAGES = 'pages';
export const MANIFEST = 'manifest.json';

/** The id of the build `current` points to, or null when there is none yet. */
export function currentBuildId(siteDir: string): string | null {
  try {
    return path.basename(readlinkSync(path.join(siteDir, CURRENT)));
  } catch {
    return null;
  }
}

export function buildDir(siteDir: string, id: string): string {
  return path.join(siteDir, BUILDS, id);
}

export function readManifest(siteDir: string, id: string): BuildManifest {
  return JSON.parse(readFileSync(path.join(buildDir(siteDir, id), MANIFEST), 'utf8')) as BuildManifest;
}

/** The file of a decoded page path inside a build's pages folder. */
export function pageFile(pagesDir: string, pagePath: string): string {
  return path.join(pagesDir, pagePath, 'index.html');
}

/**
 * A request path as a page key: percent-decoded, without trailing slashes,
 * or null when it cannot be a pre-built page (undecodable, dot segments,
 * NUL, a file extension in the last segment).
 */
export function pageKey(pathname: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!p.startsWith('/') || p.includes('\0') || p.includes('\\')) return null;
  p = p.replace(/\/+$/, '');
  if (p === '') return null;
  const segments = p.split('/').slice(1);
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  if (/\.[A-Za-z0-9]{1,8}$/.test(segments[segments.length - 1] ?? '')) return null;
  return p;
}

/** Replaces a build's manifest atomically (write beside, rename over): readers see the old one or the new one. */
export async function writeManifest(siteDir: string, manifest: BuildManifest): Promise<void> {
  const file = path.join(buildDir(siteDir, manifest.id), MANIFEST);
  const tmp = `${file}.tmp-${process.pid}-${Date.now()}`;
  await writeFile(tmp, JSON.stringify(manifest));
  await rename(tmp, file);
}
