/**
 * Refuses the passwords attackers try first (ADR 013): zxcvbn-ts
 * with its common dictionaries (the most used passwords, common words,
 * names, keyboard patterns) and the French ones, plus the visitor's own
 * name and e-mail. A password zxcvbn guesses in under a million tries
 * (score 0 or 1: "password1", "azerty123", "marrakech2024", the name
 * followed by digits…) is refused at sign-up. Loaded on first use (a few MB).
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let factory: Promise<ZxcvbnFactory> | undefined;

async function load(): Promise<ZxcvbnFactory> {
  const [core, common, fr] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-fr'),
  ]);
  return new core.ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...fr.dictionary },
  });
}

/** The lowest score accepted (0-4; 2: more than 10^6 guesses). */
const MIN_PASSWORD_SCORE = 2;

/** True when `password` is among the first guesses of an attacker (given what else the visitor typed). */
export async function isCommonPassword(password: string, userInputs: readonly string[] = []): Promise<boolean> {
  factory ??= load();
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[\s@._-]+/)]).filter((v) => v.length >= 3);
  // zxcvbn's cost grows with the length; past 100 characters a password is not a common one.
  const result = (await factory).check(password.slice(0, 100), inputs);
  return result.score < MIN_PASSWORD_SCORE;
}
