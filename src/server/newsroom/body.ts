/** Request bodies of the newsroom API, read with a size limit (413 beyond, declared or streamed). */
export class BodyTooLarge extends Error {}

export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    throw new BodyTooLarge();
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
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

export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; problem: string };

/** A JSON body (any JSON value), or why it is refused: 415 not JSON, 413 too large, 400 malformed. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const type = mediaType(request);
  // application/json, or a JSON flavour such as application/ninjs+json.
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    return { ok: false, status: 415, problem: 'send Content-Type: application/json' };
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBody(request, maxBytes);
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
