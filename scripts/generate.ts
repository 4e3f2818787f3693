/**
 * Makes the code the repository generates and git ignores: the Paraglide
 * message modules (src/paraglide/, from messages/{ar,fr}.json and
 * project.inlang/). Compiles them only when they are missing or were made
 * from other inputs than the ones in the tree (a hash of the inputs and of
 * the installed Paraglide's version is kept in src/paraglide/.inputs), so it
 * costs a few milliseconds when nothing changed.
 *
 * The languages of project.inlang/settings.json (`baseLocale`, `locales`)
 * come from the locale model (src/i18n/locales.ts): when they differ, the
 * file is rewritten from the model first (and says so), so adding a language
 * to the model is enough; commit the rewritten file with it.
 *
 * `npm ci` runs it (postinstall), and so does every npm script whose code
 * imports the messages, before that code is loaded: a fresh clone, or a tree
 * where someone pulled new messages, starts without any other step.
 *
 *   node scripts/generate.ts [--force]
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES } from '../src/i18n/locales.ts';

const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'project.inlang');
const outdir = path.join(root, 'src/paraglide');
const stamp = path.join(outdir, '.inputs');
const settingsFile = path.join(project, 'settings.json');

/**
 * project.inlang/settings.json's text with the locale model's languages, or
 * null when it already has them (the file is then left as it is, byte for byte).
 */
export function inlangSettingsFromModel(text: string): string | null {
  const settings = JSON.parse(text) as Record<string, unknown>;
  const same =
    settings.baseLocale === DEFAULT_LOCALE &&
    Array.isArray(settings.locales) &&
    JSON.stringify(settings.locales) === JSON.stringify(LOCALES);
  return same ? null : `${JSON.stringify({ ...settings, baseLocale: DEFAULT_LOCALE, locales: LOCALES }, null, 2)}\n`;
}

function syncInlangSettings(): void {
  const updated = inlangSettingsFromModel(readFileSync(settingsFile, 'utf8'));
  if (updated === null) return;
  writeFileSync(settingsFile, updated);
  process.stderr.write('generate: project.inlang/settings.json now lists the languages of src/i18n/locales.ts\n');
}

/** Every file the compiled messages depend on, in a fixed order. */
function inputs(): string[] {
  const messages = path.join(root, 'messages');
  return [
    settingsFile,
    ...readdirSync(messages)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => path.join(messages, name)),
    path.join(root, 'node_modules/@inlang/paraglide-js/package.json'),
  ];
}

function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs()) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

async function main(): Promise<void> {
  syncInlangSettings();
  const wanted = inputsHash();
  const fresh =
    !process.argv.includes('--force') &&
    existsSync(path.join(outdir, 'messages.js')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === wanted;
  if (fresh) return;
  // Loaded only when needed: the compiler takes longer to import than the check takes.
  const { compile } = await import('@inlang/paraglide-js');
  await compile({ project, outdir, strategy: ['baseLocale'] });
  writeFileSync(stamp, `${wanted}\n`);
}

// The compiler leaves timers behind (about 30 s of them): leave at once, as its own CLI does.
// (Only when run, not when a test imports inlangSettingsFromModel.)
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().then(() => process.exit(0)).catch((err: unknown) => {
    process.stderr.write(`generate: could not compile the messages: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
