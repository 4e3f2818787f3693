/**
 * Adds or updates UI messages in messages/ar.json and messages/fr.json in one
 * step. A new key goes before the first existing key that sorts after it,
 * and nothing else moves, so that branches adding messages at the same time
 * touch different lines:
 *
 *   node scripts/i18n-add.ts '{"nav_programmes": {"ar": "البرامج", "fr": "Programmes"}}'
 *   node scripts/i18n-add.ts --file new-messages.json
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Additions = Record<string, { ar: string; fr: string }>;

const root = path.resolve(import.meta.dirname, '..');
const arg = process.argv[2] === '--file' ? readFileSync(process.argv[3] ?? '', 'utf8') : process.argv[2];
if (!arg) {
  console.error('usage: node scripts/i18n-add.ts \'{"key": {"ar": "…", "fr": "…"}}\' | --file F');
  process.exit(2);
}
const additions = JSON.parse(arg) as Additions;
for (const [key, value] of Object.entries(additions)) {
  if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`bad key ${key}: use snake_case`);
  if (!value.ar?.trim() || !value.fr?.trim()) throw new Error(`${key}: both ar and fr are required`);
}
for (const lang of ['ar', 'fr'] as const) {
  const file = path.join(root, 'messages', `${lang}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const { $schema, ...rest } = current;
  const entries = Object.entries(rest);
  for (const [key, value] of Object.entries(additions)) {
    const at = entries.findIndex(([k]) => k === key);
    if (at >= 0) entries[at] = [key, value[lang]];
    else {
      const before = entries.findIndex(([k]) => k.localeCompare(key) > 0);
      entries.splice(before < 0 ? entries.length : before, 0, [key, value[lang]]);
    }
  }
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ $schema, ...Object.fromEntries(entries) }, null, 2)}\n`);
  renameSync(tmp, file);
}
console.log(`added ${Object.keys(additions).length} message(s)`);
