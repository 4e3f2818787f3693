/**
 * JSON bodies of the newsroom API, on the shared size-limited reader
 * (src/server/http/body.ts: 413 beyond the limit, declared or streamed).
 */
import { BodyTooLarge, contentType, readBodyBytes } from '../http/body.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; problem: string };

/** A JSON body (any JSON value), or why it is refused: 415 not JSON, 413 too large, 400 malformed. */
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
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown };
  } catch (error) {
    return { ok: false, status: 400, problem: `malformed JSON: ${(error as Error).message}` };
  }
}
