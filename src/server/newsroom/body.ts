/**
 * JSON bodies of the newsroom API, on the shared size-limited reader
 * (src/server/http/body.ts: 413 beyond the limit, declared or streamed),
 * their nesting measured before they are parsed (422 beyond MAX_JSON_DEPTH).
 */
import { BodyTooLarge, contentType, readBodyBytes } from '../http/body.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415 | 422; problem: string };

/** Arrays and objects inside each other at most: a ninjs item is some 6 deep. */
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

/** A JSON body (any JSON value), or why it is refused: 415 not JSON, 413 too large, 422 too deep, 400 malformed. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const type = contentType(request);
  // application/json, or a JSON flavour such as application/ninjs+json.
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    return { ok: false, status: 415, problem: 'send Content-Type: application/json' };
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyBytes(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, status: 413, problem: `the body is over ${maxBytes} bytes` };
    return { ok: false, status: 400, problem: 'the body could not be read' };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, problem: 'the body is not valid UTF-8' };
  }
  if (jsonDepthOver(text, MAX_JSON_DEPTH)) return { ok: false, status: 422, problem: `the JSON nests arrays and objects more than ${MAX_JSON_DEPTH} deep` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, status: 400, problem: `malformed JSON: ${(error as Error).message}` };
  }
}
