/**
 * A minimal reader of the site's own .eml files, as the outbox mailer
 * writes them (src/server/mail/transport.ts: MIME, quoted-printable or
 * base64 text, encoded-word headers), for the browser tests that follow a
 * mail's link.
 */
import { readFileSync } from 'node:fs';

export interface Mail {
  headers: Map<string, string>;
  text: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=(?:\s+(?==\?UTF-8\?))?/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function head(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: raw.slice(at + 4) };
}

/** A mail of the outbox folder (a path): its headers and its text part, decoded. */
export function readMail(file: string): Mail {
  const { headers, body } = head(readFileSync(file, 'utf8'));
  const boundary = /boundary="([^"]+)"/.exec(headers.get('content-type') ?? '')?.[1] ?? '';
  const textPart = body.split(`--${boundary}`).find((p) => /content-type: text\/plain/i.test(p)) ?? '';
  const part = head(textPart.replace(/^\r\n/, ''));
  const encoding = part.headers.get('content-transfer-encoding');
  const text =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
        : part.body;
  return { headers, text };
}

