/**
 * The size-limited body reader every endpoint uses: refuses a body whose
 * declared Content-Length, or whose streamed bytes, pass `max` (the stream is
 * cancelled at once, so an oversized upload is never held in memory). On it,
 * the one JSON reader (nesting measured before parsing) and the one form
 * reader (ADR 051).
 */
export class BodyTooLarge extends Error {
  readonly max: number;
  constructor(max: number) {
    super(`request body over ${max} bytes`);
    this.max = max;
  }
}

/** The media type of a request, lower case, without parameters ('' when absent). */
export function contentType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The body's bytes; throws BodyTooLarge past `max`, or the stream's own error. */
export async function readBodyBytes(request: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) {
    // Not read at all: the upload is dropped, not buffered.
    await request.body?.cancel().catch(() => {});
    throw new BodyTooLarge(max);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(max);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The body as UTF-8 text (invalid sequences replaced); same limits as readBodyBytes. */
export async function readBodyText(request: Request, max: number): Promise<string> {
  return Buffer.from(await readBodyBytes(request, max)).toString('utf8');
}

/**
 * Why a body was refused: the HTTP status it deserves, a reason for callers
 * that answer in the visitor's words, and the problem in English for API
 * clients (the newsroom's `errors.request`).
 */
export type BodyRefusal = {
  ok: false;
  status: 400 | 413 | 415 | 422;
  reason: 'unsupported' | 'too-large' | 'unreadable' | 'not-utf8' | 'too-deep' | 'malformed';
  problem: string;
};
export type BodyRead<T> = { ok: true; value: T } | BodyRefusal;

/** Arrays and objects inside each other at most: a ninjs item is some 6 deep, a form 1. */
const MAX_JSON_DEPTH = 64;

/**
 * How deep a JSON text nests its arrays and objects, up to `max + 1`: one
 * linear pass over the characters (strings skipped), before JSON.parse,
 * whose work on a 2 MB `[[[[…` is a second of CPU.
 */
function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** application/json, or a JSON flavour such as application/ninjs+json. */
const isJsonType = (type: string): boolean => type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);

const refuse = (reason: BodyRefusal['reason'], problem: string): BodyRefusal => ({
  ok: false,
  status: reason === 'unsupported' ? 415 : reason === 'too-large' ? 413 : reason === 'too-deep' ? 422 : 400,
  reason,
  problem,
});

/** The bytes, or the refusal: too large (declared or streamed) or unreadable. */
async function boundedBytes(request: Request, maxBytes: number): Promise<BodyRead<Uint8Array<ArrayBuffer>>> {
  try {
    return { ok: true, value: await readBodyBytes(request, maxBytes) };
  } catch (error) {
    if (error instanceof BodyTooLarge) return refuse('too-large', `the body is over ${maxBytes} bytes`);
    return refuse('unreadable', 'the body could not be read');
  }
}

/** JSON bytes parsed, once their size is bounded (by the caller's read) and their nesting measured. */
function parseJsonBytes(bytes: Uint8Array<ArrayBuffer>): BodyRead<unknown> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('not-utf8', 'the body is not valid UTF-8');
  }
  if (jsonDepthOver(text, MAX_JSON_DEPTH)) return refuse('too-deep', `the JSON nests arrays and objects more than ${MAX_JSON_DEPTH} deep`);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return refuse('malformed', `malformed JSON: ${(error as Error).message}`);
  }
}

/**
 * A JSON body (any JSON value), read within `maxBytes` and nested at most
 * 64 deep before it is parsed; or why it is refused: 415 not of a type
 * `accept` takes (default: application/json and its `+json` flavours), 413
 * too large, 422 too deep, 400 unreadable, not UTF-8 or malformed.
 */
export async function readJson(request: Request, maxBytes: number, accept: (type: string) => boolean = isJsonType): Promise<BodyRead<unknown>> {
  if (!accept(contentType(request))) return refuse('unsupported', 'send Content-Type: application/json');
  const bytes = await boundedBytes(request, maxBytes);
  return bytes.ok ? parseJsonBytes(bytes.value) : bytes;
}

/**
 * The text fields of a form body within `maxBytes` (files are ignored; the
 * first of repeated fields kept): application/x-www-form-urlencoded or
 * multipart/form-data, and with `json: true` a JSON object too (bounded as
 * readJson's). Refusals as readJson's; a body that does not parse is 400.
 */
export async function readForm(request: Request, maxBytes: number, opts: { json?: boolean } = {}): Promise<BodyRead<Record<string, unknown>>> {
  const type = contentType(request);
  const json = opts.json === true && type === 'application/json';
  if (!json && type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    return refuse('unsupported', `send form data${opts.json ? ' or JSON' : ''}`);
  }
  const bytes = await boundedBytes(request, maxBytes);
  if (!bytes.ok) return bytes;
  if (json) {
    const value = parseJsonBytes(bytes.value);
    if (!value.ok) return value;
    if (typeof value.value !== 'object' || value.value === null || Array.isArray(value.value)) return refuse('malformed', 'the JSON is not an object');
    return { ok: true, value: value.value as Record<string, unknown> };
  }
  try {
    // The platform parses both form encodings (boundaries, charsets).
    const form = await new Response(bytes.value, { headers: { 'content-type': request.headers.get('content-type') ?? type } }).formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string' && !(key in fields)) fields[key] = value;
    }
    return { ok: true, value: fields };
  } catch {
    return refuse('malformed', 'the form data could not be parsed');
  }
}
