/**
 * The newsroom CLI's video and broadcast commands (ADR 011), calling
 * the running site (SITE_URL) with NEWSROOM_TOKEN like every newsroom
 * command but `token` (src/server/newsroom/cli.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { callSite, parseOptions, reportRefusal, UsageError, type CliCommand, type CliIo } from '../newsroom/cli.ts';
import type { BreakingItem } from './breaking.ts';
import type { Locale } from '../../i18n/locales.ts';

function langOption(value: unknown): Locale {
  if (value !== 'ar' && value !== 'fr') throw new UsageError('--lang ar or --lang fr is required');
  return value;
}

async function readInput(file: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

const json = (value: unknown) => ({ type: 'application/json', data: JSON.stringify(value) });

function printItems(io: CliIo, lang: string, items: BreakingItem[]): void {
  if (items.length === 0) io.out(`${lang}: no breaking news`);
  for (const i of items) io.out(`${i.id}\t${i.title}\t${i.url || `(article ${i.articleId})`}${i.endsAt ? `\tuntil ${i.endsAt}` : ''}`);
}

export const broadcastCommands: CliCommand[] = [
  {
    words: ['grid', 'import'],
    usage: 'grid import FILE.xml',
    summary: 'replace the grid over the hours an XMLTV file covers',
    async run(args, io) {
      const { positionals } = parseOptions(args, {}, 1);
      if (!positionals[0]) throw new UsageError('the XMLTV file is required');
      const answer = await callSite(io, 'POST', '/api/newsroom/grid', { type: 'application/xml', data: await readInput(positionals[0]) });
      if (answer.status !== 200) return reportRefusal(io, answer);
      const r = answer.body?.response as { days: string[]; programmes: number; replaced: number };
      io.out(`grid imported: ${r.programmes} programmes over ${r.days.length} day(s) (${r.days.join(', ')}), replacing ${r.replaced} entries`);
      return 0;
    },
  },
  {
    words: ['grid', 'export'],
    usage: 'grid export [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out FILE]',
    summary: 'the grid of those broadcast days as XMLTV (default: today and the 6 next)',
    async run(args, io) {
      const { values } = parseOptions(args, { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } });
      const url = new URL('/guidetv.xml', io.env.SITE_URL || 'http://localhost:4321');
      if (typeof values.from === 'string') url.searchParams.set('from', values.from);
      if (typeof values.to === 'string') url.searchParams.set('to', values.to);
      let res: Response;
      try {
        res = await fetch(url);
      } catch (error) {
        throw new Error(`cannot reach ${url.origin} (${(error as Error).message}); is the site running? (SITE_URL)`, { cause: error });
      }
      const body = await res.text();
      if (!res.ok) {
        io.err(`refused: HTTP ${res.status} – ${body.trim()}`);
        return 1;
      }
      if (typeof values.out === 'string') {
        await writeFile(values.out, body);
        io.err(`written to ${values.out}`);
      } else io.out(body.trimEnd());
      return 0;
    },
  },
  {
    words: ['breaking', 'list'],
    usage: 'breaking list --lang ar|fr',
    summary: "one language's breaking news: id, headline, link",
    async run(args, io) {
      const { values } = parseOptions(args, { lang: { type: 'string' } });
      const lang = langOption(values.lang);
      const answer = await callSite(io, 'GET', `/api/newsroom/breaking/${lang}`);
      if (answer.status !== 200) return reportRefusal(io, answer);
      printItems(io, lang, (answer.body?.response as { items: BreakingItem[] }).items);
      return 0;
    },
  },
  {
    words: ['breaking', 'set'],
    usage: 'breaking set --lang ar|fr "HEADLINE" … [--url LINK …]',
    summary: "replace one language's ticker with these headlines, in order (the n-th --url links the n-th; none: the home page)",
    async run(args, io) {
      const { values, positionals } = parseOptions(args, { lang: { type: 'string' }, url: { type: 'string', multiple: true } }, 20);
      const lang = langOption(values.lang);
      if (positionals.length === 0) throw new UsageError('give at least one headline');
      const urls = (values.url ?? []) as string[];
      if (urls.length > positionals.length) throw new UsageError('more --url than headlines');
      const items = positionals.map((title, i) => ({ title, url: urls[i] ?? `/${lang}` }));
      const answer = await callSite(io, 'PUT', `/api/newsroom/breaking/${lang}`, json({ items }));
      if (answer.status !== 200) return reportRefusal(io, answer);
      printItems(io, lang, (answer.body?.response as { items: BreakingItem[] }).items);
      return 0;
    },
  },
  {
    words: ['breaking', 'reorder'],
    usage: 'breaking reorder --lang ar|fr ID …',
    summary: 'put the ticker in this order (every id of breaking list)',
    async run(args, io) {
      const { values, positionals } = parseOptions(args, { lang: { type: 'string' } }, 20);
      const lang = langOption(values.lang);
      const ids = positionals.map((p) => {
        if (!/^[1-9]\d*$/.test(p)) throw new UsageError(`not an id: ${p}`);
        return Number(p);
      });
      const current = await callSite(io, 'GET', `/api/newsroom/breaking/${lang}`);
      if (current.status !== 200) return reportRefusal(io, current);
      const known = (current.body?.response as { items: BreakingItem[] }).items.map((i) => i.id);
      const missing = known.filter((id) => !ids.includes(id));
      if (missing.length) throw new UsageError(`list every item; missing: ${missing.join(' ')} (breaking set replaces the list)`);
      const answer = await callSite(io, 'PUT', `/api/newsroom/breaking/${lang}`, json({ items: ids.map((id) => ({ id })) }));
      if (answer.status !== 200) return reportRefusal(io, answer);
      printItems(io, lang, (answer.body?.response as { items: BreakingItem[] }).items);
      return 0;
    },
  },
  {
    words: ['breaking', 'clear'],
    usage: 'breaking clear --lang ar|fr',
    summary: "empty one language's ticker",
    async run(args, io) {
      const { values } = parseOptions(args, { lang: { type: 'string' } });
      const lang = langOption(values.lang);
      const answer = await callSite(io, 'DELETE', `/api/newsroom/breaking/${lang}`);
      if (answer.status !== 200) return reportRefusal(io, answer);
      io.out(`${lang}: ${(answer.body?.response as { removed: number }).removed} item(s) removed`);
      return 0;
    },
  },
  {
    words: ['live', 'set'],
    usage: 'live set URL [--title T] [--title-ar T] [--title-fr T]',
    summary: 'play this stream (HLS or MP4) on the live page and strip, with its title',
    async run(args, io) {
      const { values, positionals } = parseOptions(args, { title: { type: 'string' }, 'title-ar': { type: 'string' }, 'title-fr': { type: 'string' } }, 1);
      if (!positionals[0]) throw new UsageError('the stream URL is required');
      const titles = {
        ...(typeof values['title-ar'] === 'string' ? { ar: values['title-ar'] } : {}),
        ...(typeof values['title-fr'] === 'string' ? { fr: values['title-fr'] } : {}),
      };
      const body = {
        url: positionals[0],
        ...(typeof values.title === 'string' ? { title: values.title } : {}),
        ...(Object.keys(titles).length ? { titles } : {}),
      };
      const answer = await callSite(io, 'PUT', '/api/newsroom/live', json(body));
      if (answer.status !== 200) return reportRefusal(io, answer);
      const r = answer.body?.response as { url: string; title: { ar: string; fr: string } };
      io.out(`live: ${r.url} – ${r.title.ar} / ${r.title.fr}`);
      return 0;
    },
  },
  {
    words: ['live', 'clear'],
    usage: 'live clear',
    summary: 'back to LIVE_STREAM_URL, else the built-in channel',
    async run(args, io) {
      parseOptions(args, {});
      const answer = await callSite(io, 'DELETE', '/api/newsroom/live');
      if (answer.status !== 200) return reportRefusal(io, answer);
      const r = answer.body?.response as { url: string; source: string };
      io.out(`live: ${r.url} (${r.source === 'config' ? 'LIVE_STREAM_URL' : 'built-in channel'})`);
      return 0;
    },
  },
  {
    words: ['video', 'publish'],
    usage: 'video publish FILE.json',
    summary: 'create or update a replay (episode, jt, webvideo) by its uri',
    async run(args, io) {
      const { positionals } = parseOptions(args, {}, 1);
      if (!positionals[0]) throw new UsageError('the JSON file is required');
      const bytes = await readInput(positionals[0]);
      const answer = await callSite(io, 'POST', '/api/newsroom/videos', { type: 'application/json', data: bytes });
      if (answer.status !== 200 && answer.status !== 201) return reportRefusal(io, answer);
      const r = answer.body?.response as { id: number; kind: string; uri: string; paths: { ar: string; fr: string } };
      io.out(`${answer.status === 201 ? 'created' : 'updated'} ${r.kind} ${r.id} (${r.uri}): ${r.paths.ar} ${r.paths.fr}`);
      return 0;
    },
  },
];
