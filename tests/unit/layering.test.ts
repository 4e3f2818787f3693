/**
 * Code that says what it does: the layering rules of
 * eslint.config.js hold, and api-client's raw helpers behave.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beacon, siteFetch } from '../../src/lib/api-client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const rulesHit = async (file: string, code: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, file) }))[0]!.messages.map((m) => m.ruleId);

describe('layering rules (ESLint)', () => {
  it('islands and stores may not call fetch, XMLHttpRequest or sendBeacon themselves', async () => {
    expect(await rulesHit('src/islands/Example.island.tsx', "export const f = () => fetch('/api/x');\n")).toContain('no-restricted-globals');
    expect(await rulesHit('src/stores/example.ts', "export const f = () => new XMLHttpRequest();\n")).toContain('no-restricted-globals');
    expect(await rulesHit('src/islands/x/y.ts', "export const f = () => navigator.sendBeacon('/t');\n")).toContain('no-restricted-properties');
    expect(await rulesHit('src/islands/x/y.ts', "import { siteFetch } from '../../lib/api-client.ts';\nexport const f = () => siteFetch('/api/x');\n")).toEqual([]);
  });

  it('src/server never imports from components or islands', async () => {
    expect(await rulesHit('src/server/x.ts', "import { a } from '../components/ads/placement-css.ts';\nexport { a };\n")).toContain('no-restricted-imports');
    expect(await rulesHit('src/server/x.ts', "import { a } from '../islands/prayer/schedule.ts';\nexport { a };\n")).toContain('no-restricted-imports');
    expect(await rulesHit('src/server/x.ts', "import { a } from '../lib/paths.ts';\nexport { a };\n")).toEqual([]);
  });
});

describe('api-client raw helpers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('siteFetch adds the locale header when given, and only then', async () => {
    const seen: Headers[] = [];
    const fake = (async (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response('{}');
    }) as typeof fetch;
    await siteFetch('/api/x', { headers: { accept: 'application/json' } }, 'fr', fake);
    await siteFetch('https://ads.example/vast', {}, undefined, fake);
    expect(seen[0]!.get('locale')).toBe('fr');
    expect(seen[0]!.get('accept')).toBe('application/json');
    expect(seen[1]!.has('locale')).toBe(false);
  });

  it('beacon hands the body to sendBeacon, and answers false when the browser refuses or throws', () => {
    const sent: string[] = [];
    vi.stubGlobal('navigator', { sendBeacon: (url: string) => (sent.push(url), true) });
    expect(beacon('/t')).toBe(true);
    expect(sent).toEqual(['/t']);
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('refused');
      },
    });
    expect(beacon('/t')).toBe(false);
  });
});
