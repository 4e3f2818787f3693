/**
 * HTML that validates: html-validate's standard preset
 * over the served pages (real HTTP), 0 errors on the home, article, tag,
 * replay, live and guide pages in both languages. No rule is turned off.
 */
import { HtmlValidate, type Message } from 'html-validate';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

async function firstArticle(lang: 'ar' | 'fr'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/articlesrecent`, { headers: { locale: lang } });
  const body = (await res.json()) as { response: { articles: { path: string }[] } };
  return body.response.articles[0]!.path;
}

async function tagPage(lang: 'ar' | 'fr'): Promise<string> {
  // The tag index lists every tag page of the language.
  const html = await (await fetch(`${baseUrl}/${lang}/posts/tagold`)).text();
  const path = new RegExp(`href="(/${lang}/posts/tag/\\d+)"`).exec(html)?.[1];
  if (!path) throw new Error(`no tag page on /${lang}/posts/tagold`);
  return path;
}

const describeErrors = (messages: Message[]) =>
  messages.map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message} (${m.selector ?? ''})`);

describe('html-validate (standard preset)', () => {
  for (const lang of ['ar', 'fr'] as const) {
    it(`/${lang}: home, article, tag, replay, live and guide pages have no error`, async () => {
      const paths = [`/${lang}`, await firstArticle(lang), await tagPage(lang), `/${lang}/replay`, `/${lang}/live`, `/${lang}/guidetv`];
      for (const path of paths) {
        const res = await fetch(`${baseUrl}${path}`);
        expect(res.status, path).toBe(200);
        const report = await validator.validateString(await res.text(), path);
        const messages = report.results.flatMap((r) => r.messages);
        expect(describeErrors(messages), path).toEqual([]);
      }
    });
  }
});
