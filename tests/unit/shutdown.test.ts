/**
 * Graceful shutdown of the HTTP server (ADR 013,
 * src/server/http/shutdown.ts), in process: requests in flight and requests
 * sent just before the stop are answered, keep-alive connections close after
 * their answer, nothing is reset.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { trackConnections } from '../../src/server/http/shutdown.ts';

function rawRequest(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('drain', () => {
  it('answers requests in flight and just sent, closes keep-alive connections after their answer, then stops', async () => {
    const server = http.createServer((req, res) => {
      const wait = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
      setTimeout(() => res.end(`done ${req.url}`), wait);
    });
    const drainer = trackConnections(server);
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const get = (path: string) =>
      new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ body, connection: res.headers.connection }));
          })
          .on('error', reject);
      });

    // A kept-alive connection, idle when the stop begins.
    expect((await get('/warm')).connection).toBe('keep-alive');
    // Slow requests in flight, and one sent on a fresh connection right at the stop.
    const slow = [get('/a?ms=400'), get('/b?ms=800'), get('/c?ms=100')];
    await new Promise((r) => setTimeout(r, 20));
    const draining = drainer.drain({ deadline: Date.now() + 5000 });
    const late = rawRequest(port, '/late');
    const answers = await Promise.all(slow);
    expect(answers.map((a) => a.body)).toEqual(['done /a?ms=400', 'done /b?ms=800', 'done /c?ms=100']);
    expect(answers.every((a) => a.connection === 'close')).toBe(true);
    const lateAnswer = await late;
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(lateAnswer).toMatch(/Connection: close/i);
    expect(lateAnswer).toContain('done /late');
    await draining;
    // Nothing listens any more.
    await expect(rawRequest(port, '/after')).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });
});
