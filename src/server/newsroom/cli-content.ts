/** `publish`, `withdraw`, `media upload`: newsroom calls to the running site (NEWSROOM_TOKEN, SITE_URL). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { callSite, parseOptions, reportRefusal, UsageError, type CliCommand } from './cli.ts';

interface ArticleAnswer {
  kind: 'text';
  id: number;
  lang: string;
  url: string;
  version: number | null;
  state: string;
  publishedAt: string;
}

/** A picture or video item's answer (src/server/newsroom/article-routes.ts). */
type ItemAnswer =
  | { kind: 'picture'; uri: string; version: number | null; media: { uri: string; url: string } }
  | { kind: 'video'; uri: string; version: number | null; replay: { kind: string; paths: { ar: string; fr: string } } };

async function readInput(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

export const contentCommands: CliCommand[] = [
  {
    words: ['publish'],
    usage: 'publish FILE.json',
    summary: 'publish or update a ninjs item: an article (prints its URL), a picture (prints urn:2m:media:<id>) or a video (prints its page)',
    async run(args, io) {
      const { positionals } = parseOptions(args, {}, 1);
      const file = positionals[0];
      if (!file) throw new UsageError('the ninjs file is required');
      const text = (await readInput(file)).toString('utf8');
      try {
        JSON.parse(text);
      } catch (error) {
        io.err(`${file} is not valid JSON: ${(error as Error).message}`);
        return 1;
      }
      const answer = await callSite(io, 'POST', '/api/newsroom/articles', { type: 'application/json', data: text });
      if (answer.status !== 200 && answer.status !== 201) return reportRefusal(io, answer);
      const a = answer.body?.response as ArticleAnswer | ItemAnswer;
      const what = answer.status === 201 ? 'created' : 'updated';
      const version = `version ${a.version ?? '(none)'}`;
      if (a.kind === 'picture') {
        io.err(`${what}: picture ${a.uri}, ${version}`);
        io.out(a.media.uri);
      } else if (a.kind === 'video') {
        io.err(`${what}: ${a.replay.kind} ${a.uri}, ${version}`);
        io.out(a.replay.paths.fr);
      } else {
        const when = a.state === 'embargoed' ? ` (embargoed until ${a.publishedAt})` : a.state === 'withdrawn' ? ' (withdrawn: pubstatus is not usable)' : '';
        io.err(`${what}: article ${a.id} (${a.lang}), ${version}${when}`);
        io.out(a.url);
      }
      return 0;
    },
  },
  {
    words: ['withdraw'],
    usage: 'withdraw URI',
    summary: 'take an article off the site (410 at its address)',
    async run(args, io) {
      const { positionals } = parseOptions(args, {}, 1);
      const uri = positionals[0];
      if (!uri) throw new UsageError('the article’s ninjs uri is required');
      const answer = await callSite(io, 'POST', '/api/newsroom/articles/withdraw', { type: 'application/json', data: JSON.stringify({ uri }) });
      if (answer.status !== 200) return reportRefusal(io, answer);
      const a = answer.body?.response as ArticleAnswer;
      io.out(`withdrawn: article ${a.id} (${a.lang}); ${a.url} now answers 410`);
      return 0;
    },
  },
  {
    words: ['media', 'upload'],
    usage: 'media upload FILE [--alt-ar T] [--alt-fr T] [--credit T]',
    summary: 'upload a JPEG/PNG/WebP picture; prints its urn:2m:media:<id> for associations',
    async run(args, io) {
      const { positionals, values } = parseOptions(args, { 'alt-ar': { type: 'string' }, 'alt-fr': { type: 'string' }, credit: { type: 'string' } }, 1);
      const file = positionals[0];
      if (!file) throw new UsageError('the picture file is required');
      const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
      if (!type) throw new UsageError('the file must end in .jpg, .jpeg, .png or .webp');
      const data = await readInput(file);
      const query = new URLSearchParams();
      for (const [opt, name] of [['alt-ar', 'alt_ar'], ['alt-fr', 'alt_fr'], ['credit', 'credit']] as const) {
        if (typeof values[opt] === 'string') query.set(name, values[opt]);
      }
      const answer = await callSite(io, 'POST', `/api/newsroom/media${query.size ? `?${query}` : ''}`, {
        type,
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) as Uint8Array<ArrayBuffer>,
      });
      if (answer.status !== 200 && answer.status !== 201) return reportRefusal(io, answer);
      const m = answer.body?.response as { id: number; uri: string; width: number; height: number; renditions: unknown[] };
      io.err(`${answer.status === 201 ? 'uploaded' : 'already uploaded'}: media ${m.id}, ${m.width}x${m.height}, ${m.renditions.length} renditions`);
      io.out(m.uri);
      return 0;
    },
  },
];
