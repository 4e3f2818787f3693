/**
 * The size-limited body reader every endpoint uses: refuses a body whose
 * declared Content-Length, or whose streamed bytes, pass `max` (the stream is
 * cancelled at once, so an oversized upload is never held in memory).
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
