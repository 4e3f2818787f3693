/**
 * No import cycle among the modules of the folders named (default
 * src/server/delivery, where one HTTP cache module is shared by the front
 * server and the render workers, ADR 044). Every static, type-only and
 * dynamic import with a relative specifier counts, as madge counts them
 * (TypeScript's `preProcessFile` reads them; comments and strings are not
 * imports). Imports leaving the folders are followed too, so a cycle through
 * a module elsewhere in src/ is found as well.
 *
 *   node scripts/check-import-cycles.ts [folder…]   (npm run lint runs it)
 *
 * Exits 1 printing each cycle as `a.ts → b.ts → a.ts`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** The source files under `dir`, recursively. */
function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourcesUnder(full));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file a relative specifier names (with or without its extension, or a folder's index), or null. */
function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/[?#].*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The files a file imports through relative specifiers. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out: string[] = [];
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolve(file, fileName);
    if (target && SOURCE.test(target)) out.push(target);
  }
  return out;
}

/** The import cycles reachable from the files of `folders` that pass through at least one of them (each as a closed path). */
export function importCycles(folders: string[]): string[][] {
  const inFolders = (file: string) => folders.some((f) => file === f || file.startsWith(`${f}${path.sep}`));
  const graph = new Map<string, string[]>();
  const pending = folders.flatMap(sourcesUnder);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const deps = importsOf(file);
    graph.set(file, deps);
    pending.push(...deps.filter((d) => !graph.has(d)));
  }
  // Tarjan's strongly connected components: every cycle lies within one.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = component.length === 1 && (graph.get(v) ?? []).includes(v);
      if ((component.length > 1 || selfLoop) && component.some(inFolders)) components.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  // One cycle per component, as a path: from its first file (sorted), along imports inside the component, back to it.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const seen = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (w === start) {
          const cycle = [start];
          for (let at: string | null = v; at !== null && at !== start; at = seen.get(at)!) cycle.splice(1, 0, at);
          return [...cycle, start];
        }
        if (members.has(w) && !seen.has(w)) {
          seen.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

function main(): void {
  const args = process.argv.slice(2);
  const folders = (args.length > 0 ? args : ['src/server/delivery']).map((f) => path.resolve(root, f));
  for (const folder of folders) {
    if (!existsSync(folder)) {
      console.error(`check-import-cycles: ${path.relative(root, folder)} does not exist`);
      process.exit(2);
    }
  }
  const cycles = importCycles(folders);
  if (cycles.length === 0) return;
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => path.relative(root, f)).join(' → ')}`);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
