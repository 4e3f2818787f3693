/**
 * A local SMTP server standing in for the mail provider (smtp-server, by
 * nodemailer's authors), for the tests that send through SMTP_URL: it
 * accepts every message without TLS or authentication and keeps each one
 * received (envelope recipients, headers, raw text). A mailbox keeps one
 * message per Message-ID (`mailbox()`), as mail stores do; `received` has
 * every copy that came over the wire.
 */
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string[];
  headers: Map<string, string>;
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: SunkMail[];
  /** The messages one address holds, one per Message-ID. */
  mailbox: (address: string) => SunkMail[];
  close: () => Promise<void>;
}

function headersOf(raw: string): Map<string, string> {
  const end = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 2 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), headers: headersOf(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('the SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    mailbox(addr) {
      const byId = new Map<string, SunkMail>();
      for (const mail of received) if (mail.to.includes(addr.toLowerCase())) byId.set(mail.headers.get('message-id') ?? `${byId.size}`, mail);
      return [...byId.values()];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
