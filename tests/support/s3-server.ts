/**
 * A local S3-compatible server for tests (@20minutes/s3rver, pure
 * JavaScript, files in a temporary folder): the media store's bucket backend
 * is tested against it (tests/unit/media-store.test.ts,
 * tests/api/shared-media.test.ts). It listens on 127.0.0.1, on the first
 * free port of 4410–4419, and accepts the credentials in S3_TEST_ENV.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: the package ships no types (its API: new S3rver(options).run() / .close()).
import S3rver from '@20minutes/s3rver';

/** The AWS SDK credentials s3rver accepts. */
export const S3_TEST_ENV = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' } as const;

const PORTS = [4410, 4411, 4412, 4413, 4414, 4415, 4416, 4417, 4418, 4419];

export interface TestS3 {
  endpoint: string;
  /** MEDIA_S3_URL of `bucket` (created at start) under `prefix`. */
  url: (bucket: string, prefix?: string) => string;
  close: () => Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), '2m-s3-'));
  let lastError: unknown;
  for (const port of PORTS) {
    const server = new (S3rver as new (o: object) => S3rverInstance)({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      // s3rver computes bucket-level (ListObjectsV2) signatures differently from the current SDK;
      // object requests are checked either way, and real S3 servers check the SDK's own signing.
      allowMismatchedSignatures: true,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    try {
      await server.run();
    } catch (error) {
      lastError = error;
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
      throw error;
    }
    const endpoint = `http://127.0.0.1:${port}`;
    return {
      endpoint,
      url: (bucket, prefix = '') => `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=1`,
      close: async () => {
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  }
  rmSync(directory, { recursive: true, force: true });
  throw new Error(`no free port in 4410–4419 for the test S3 server: ${String(lastError)}`);
}

/** A port of 4410–4419 nobody listens on right now (for servers a test starts beside the S3 server). */
export async function freeTestPort(): Promise<number> {
  for (const port of [...PORTS].reverse()) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 4410–4419');
}
