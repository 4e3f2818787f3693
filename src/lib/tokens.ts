/**
 * The value of a colour token of src/styles/tokens.css, for what cannot read
 * a CSS variable: the <meta name="theme-color"> and the lite pages' inline
 * stylesheet (ADR 050). Read from the token file itself, so a colour is
 * still defined once.
 */
import TOKENS_CSS from '../styles/tokens.css?raw';

/** The declarations of the token file's first `:root` block, name → value as written. */
function rootDeclarations(css: string): Map<string, string> {
  const body = /:root\s*\{([^}]*)\}/.exec(css.replace(/\/\*[\s\S]*?\*\//g, ''))?.[1] ?? '';
  const out = new Map<string, string>();
  for (const m of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) out.set(m[1]!, m[2]!.trim());
  return out;
}

const DECLARATIONS = rootDeclarations(TOKENS_CSS);

/** A token's value, its `var(--other)` references resolved (throws for a name the file does not define). */
export function tokenValue(name: `--${string}`, seen: ReadonlySet<string> = new Set()): string {
  const value = DECLARATIONS.get(name);
  if (value === undefined || seen.has(name)) throw new Error(`src/styles/tokens.css defines no ${name} (or it refers to itself)`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  return ref ? tokenValue(ref[1] as `--${string}`, new Set([...seen, name])) : value;
}
