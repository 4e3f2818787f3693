/**
 * Polls `check` until it holds, and resolves with the seconds it took; past
 * `seconds` it throws, naming `what`. The API tests' "visible within N s"
 * goals (a publish on the home page, a cached copy dropped) are checked
 * with it.
 */
export async function within(seconds: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    if (await check()) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${seconds} s`);
}
