/**
 * A logger for a test: the site's own (src/server/log.ts, JSON lines at
 * debug and above) writing into memory, to pass where a feature takes its
 * logger; `messages` are the lines' `msg`, `records` the lines parsed.
 */
import { Writable } from 'node:stream';
import { createLogger } from '../../src/server/log.ts';

export interface LogRecord {
  level: number;
  msg: string;
  err?: { message: string; type: string };
  [field: string]: unknown;
}

export function captureLog() {
  const records: LogRecord[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) records.push(JSON.parse(line) as LogRecord);
      done();
    },
  });
  const log = createLogger({ level: 'debug', pretty: false, destination: stream });
  return {
    log,
    records,
    get messages(): string[] {
      return records.map((r) => r.msg);
    },
  };
}
