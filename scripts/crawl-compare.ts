/**
 * Behaviour kept: every pre-built page of one build against another's,
 * byte for byte (the pre-build is a crawl of every page that exists:
 * src/server/delivery/prebuild-paths.ts). For a change that should alter
 * no page (a refactoring), made from two checkouts on one seeded store.
 *
 *   npm run crawl:compare -- save STORE OUT [--port N]
 *       copies the seeded DATA_DIR STORE (left untouched) to a temporary
 *       folder, serves this checkout's build on it (built when stale,
 *       scripts/test-server.ts) on port N (default 4780: pages carry
 *       SITE_URL, so both sides must use the same), waits for its first
 *       pre-build and copies that build (pages, twins, manifest) to OUT.
 *   npm run crawl:compare -- diff BEFORE AFTER [--asset-hashes] [--island-uids]
 *       compares two saved builds (or two DATA_DIR/site/current folders):
 *       the same pages, each page's HTML and its manifest headers. With
 *       --asset-hashes, the content hashes of /_astro/ file names are
 *       ignored in the HTML, and the assets whose hash changed are listed
 *       (a change to an island's code renames its chunk, and nothing else).
 *       With --island-uids, the `uid` of each <astro-island> is ignored:
 *       Astro hashes the island's source path (so the checkout's folder)
 *       with its HTML and props, which the page carries anyway, so two
 *       checkouts in different folders always differ there. Exits 1 when a
 *       page differs.
 *
 * A seeded store: `DATA_DIR=/tmp/store npm run seed`. Pages that show the
 * time of day (the TV guide's programme on air) differ between two
 * pre-builds minutes apart even from one build: save the same build twice
 * to see which.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild, startServer } from './test-server.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '4780' },
    'asset-hashes': { type: 'boolean', default: false },
    'island-uids': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const USAGE = 'usage: npm run crawl:compare -- save STORE OUT [--port N] | diff BEFORE AFTER [--asset-hashes] [--island-uids]';

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(dir, prefix)).sort()) {
    const rel = path.join(prefix, name);
    if (statSync(path.join(dir, rel)).isDirectory()) out.push(...filesUnder(dir, rel));
    else out.push(rel);
  }
  return out;
}

/** A saved build or a site folder's `current`: the folder holding pages/ and manifest.json. */
function buildFolder(p: string): string {
  for (const candidate of [p, path.join(p, 'current'), path.join(p, 'site', 'current')]) {
    if (existsSync(path.join(candidate, 'pages')) && existsSync(path.join(candidate, 'manifest.json'))) return candidate;
  }
  throw new Error(`${p}: no pages/ and manifest.json (a saved build, a site folder or a DATA_DIR)`);
}

const HASHED_ASSET = /\/_astro\/([\w.-]+?)\.([A-Za-z0-9_-]{8})\.(js|mjs|css)/g;

/** The HTML with what `ignore` says blanked; the name → hash of each asset it names goes to `seen`. */
function normalised(html: string, ignore: Ignore, seen: Map<string, string>): string {
  let out = html;
  if (ignore.assetHashes) {
    out = out.replace(HASHED_ASSET, (_m, name: string, hash: string, ext: string) => {
      seen.set(`${name}.${ext}`, hash);
      return `/_astro/${name}.[hash].${ext}`;
    });
  }
  if (ignore.islandUids) out = out.replace(/<astro-island uid="[^"]*"/g, '<astro-island uid=""');
  return out;
}

interface Ignore {
  assetHashes: boolean;
  islandUids: boolean;
}

/** Where two texts first differ, with some context on each side. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 60);
  return `at character ${i}:\n      before: …${JSON.stringify(a.slice(from, i + 80))}\n      after:  …${JSON.stringify(b.slice(from, i + 80))}`;
}

function diff(beforeArg: string, afterArg: string, ignore: Ignore): number {
  const ignoring = ignore.assetHashes || ignore.islandUids;
  const before = buildFolder(beforeArg);
  const after = buildFolder(afterArg);
  const manifests = [before, after].map((d) => JSON.parse(readFileSync(path.join(d, 'manifest.json'), 'utf8')) as { pages: Record<string, Record<string, string>> });
  const [pagesBefore, pagesAfter] = manifests.map((m) => m!.pages);
  const keys = [...new Set([...Object.keys(pagesBefore!), ...Object.keys(pagesAfter!)])].sort();
  const html = (d: string) => filesUnder(path.join(d, 'pages')).filter((f) => f.endsWith('.html'));
  const filesBefore = html(before);
  const filesAfter = new Set(html(after));
  const problems: string[] = [];
  for (const key of keys) {
    if (!(key in pagesBefore!)) problems.push(`${key}: only after`);
    else if (!(key in pagesAfter!)) problems.push(`${key}: only before`);
    else if (JSON.stringify(pagesBefore![key]) !== JSON.stringify(pagesAfter![key])) {
      problems.push(`${key}: headers ${JSON.stringify(pagesBefore![key])} → ${JSON.stringify(pagesAfter![key])}`);
    }
  }
  const assetsBefore = new Map<string, string>();
  const assetsAfter = new Map<string, string>();
  let identical = 0;
  for (const file of filesBefore) {
    if (!filesAfter.has(file)) {
      problems.push(`${file}: file only before`);
      continue;
    }
    filesAfter.delete(file);
    const a = readFileSync(path.join(before, 'pages', file));
    const b = readFileSync(path.join(after, 'pages', file));
    if (a.equals(b)) {
      identical++;
      continue;
    }
    if (ignoring) {
      const ta = normalised(a.toString('utf8'), ignore, assetsBefore);
      const tb = normalised(b.toString('utf8'), ignore, assetsAfter);
      if (ta === tb) {
        identical++;
        continue;
      }
      problems.push(`${file}: differs ${firstDifference(ta, tb)}`);
    } else problems.push(`${file}: differs ${firstDifference(a.toString('utf8'), b.toString('utf8'))}`);
  }
  for (const file of filesAfter) problems.push(`${file}: file only after`);
  const aside = [ignore.assetHashes ? 'asset hashes' : '', ignore.islandUids ? 'island uids' : ''].filter(Boolean).join(' and ');
  console.log(`${filesBefore.length} pages before, ${html(after).length} after: ${identical} identical${aside ? ` (${aside} aside)` : ' byte for byte'}, ${problems.length} differences`);
  if (ignore.assetHashes) {
    const renamed = [...assetsBefore].filter(([name, hash]) => assetsAfter.has(name) && assetsAfter.get(name) !== hash).map(([name]) => name);
    console.log(`assets whose content hash changed: ${renamed.length ? renamed.sort().join(', ') : 'none'}`);
  }
  for (const p of problems.slice(0, 40)) console.log(`  ${p}`);
  if (problems.length > 40) console.log(`  … and ${problems.length - 40} more`);
  return problems.length === 0 ? 0 : 1;
}

async function save(store: string, out: string, port: number): Promise<void> {
  if (!existsSync(store)) throw new Error(`${store} does not exist: seed it first (DATA_DIR=${store} npm run seed)`);
  if (existsSync(out)) throw new Error(`${out} exists: choose a new folder`);
  ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), '2m-crawl-'));
  cpSync(store, dataDir, { recursive: true });
  // A pre-built site copied with the store would be served instead of a new one.
  rmSync(path.join(dataDir, 'site'), { recursive: true, force: true });
  const server = await startServer({ dataDir, port, timeoutMs: 600_000 });
  try {
    cpSync(path.join(dataDir, 'site', 'current'), out, { recursive: true, dereference: true });
    console.log(`saved ${filesUnder(path.join(out, 'pages')).filter((f) => f.endsWith('.html')).length} pre-built pages to ${out}`);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const [command, a, b] = positionals;
  if (values.help || !a || !b || (command !== 'save' && command !== 'diff')) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (command === 'save') await save(path.resolve(a), path.resolve(b), Number(values.port));
  else process.exitCode = diff(a, b, { assetHashes: values['asset-hashes'], islandUids: values['island-uids'] });
}

await main();
